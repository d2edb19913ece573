// FuzzTesting/Sources/FuzzCommon/LibplistView.swift - A reference value as libplist 2.2's C API can show it

import BinaryPlist

#if canImport(Glibc)
    import Glibc
#endif

/// Projects a reference decoding onto what libplist 2.2's public API can represent, so that the
/// differential oracle compares like with like. Each narrowing is a documented known divergence
/// (`KnownDivergence`), listed in Docs/fuzzing.md with its vector.
enum LibplistView {
    /// The value libplist 2.2 would show for `value`, and the narrowings that changed it.
    /// - Returns: `nil` when libplist 2.2 rejects the value (bplist null, a UID above 2^32-1).
    /// - Parameter cutsAtNUL: whether strings end at an embedded NUL. libplist 2.2 cuts ASCII strings
    ///   there but keeps NULs in UTF-16 strings, and the value no longer says which was which, so the
    ///   oracle tries both readings (`matches`).
    static func project(
        _ value: PropertyListValue, _ used: inout Set<KnownDivergence>, cutsAtNUL: Bool = true
    ) -> PropertyListValue? {
        projectTracking(value, &used, cutsAtNUL: cutsAtNUL)?.value
    }

    /// `project`, also saying whether the projection differs from `value`: a container whose elements all
    /// project to themselves is returned as it is, not rebuilt (this runs on every value both decoders
    /// accept, and most values have nothing libplist narrows).
    private static func projectTracking(
        _ value: PropertyListValue, _ used: inout Set<KnownDivergence>, cutsAtNUL: Bool
    ) -> (value: PropertyListValue, changed: Bool)? {
        switch value {
        case .null:
            used.insert(.nullRejected)
            return nil
        case .integer:
            return (value, false)
        case .wideInteger(let integer):
            // PLIST_UINT keeps 64 bits; the bridge reads them as signed.
            let projected = Int64(truncatingIfNeeded: integer)
            if Int128(projected) != integer { used.insert(.integerBeyond64Bits) }
            return (.integer(projected), true)
        case .date(let seconds):
            let projected = projectDate(seconds)
            if !(projected == seconds || (projected.isNaN && seconds.isNaN)) { used.insert(.datePrecision) }
            return (.date(projected), projected.bitPattern != seconds.bitPattern)
        case .string(let string):
            guard cutsAtNUL else { return (value, false) }
            let projected = projectString(string)
            if projected != string { used.insert(.stringEndsAtNUL) }
            return (.string(projected), projected.utf8.count != string.utf8.count)
        case .set(let elements):
            used.insert(.setReadAsArray)
            return projectAll(elements, &used, cutsAtNUL).map { (.array($0 ?? elements), true) }
        case .array(let elements):
            return projectAll(elements, &used, cutsAtNUL).map { $0.map { (.array($0), true) } ?? (value, false) }
        case .dictionary(let entries):
            return projectEntries(entries, &used, cutsAtNUL).map {
                $0.map { (.dictionary($0), true) } ?? (value, false)
            }
        case .uid(let uid) where uid > UInt32.max:
            // libplist 2.2 (like CoreFoundation) rejects UIDs above UINT32_MAX.
            used.insert(.uidAbove32Bits)
            return nil
        case .real, .bool, .data, .uid:
            return (value, false)
        }
    }

    /// The projected elements: nil when libplist rejects one, `.some(nil)` when none changed.
    private static func projectAll(
        _ values: [PropertyListValue], _ used: inout Set<KnownDivergence>, _ cutsAtNUL: Bool
    ) -> [PropertyListValue]?? {
        var projected: [PropertyListValue]?
        for (position, value) in values.enumerated() {
            guard let (element, changed) = projectTracking(value, &used, cutsAtNUL: cutsAtNUL) else { return nil }
            if changed && projected == nil { projected = Array(values[..<position]) }
            projected?.append(element)
        }
        return .some(projected)
    }

    /// The projected entries: nil when libplist rejects a value, `.some(nil)` when nothing changed. Keys cut
    /// at NUL can collide; the first in iteration order is kept. Until something changes no key has been cut,
    /// so no two can collide, and the entries are copied only at the first change.
    private static func projectEntries(
        _ entries: [String: PropertyListValue], _ used: inout Set<KnownDivergence>, _ cutsAtNUL: Bool
    ) -> [String: PropertyListValue]?? {
        var projected: [String: PropertyListValue]?
        var index = entries.startIndex
        while index != entries.endIndex {
            let (key, original) = entries[index]
            guard let (element, changed) = projectTracking(original, &used, cutsAtNUL: cutsAtNUL) else { return nil }
            let cut = cutsAtNUL ? projectString(key) : key
            if cut != key { used.insert(.stringEndsAtNUL) }
            if projected == nil && (changed || cut.utf8.count != key.utf8.count) {
                var copy = [String: PropertyListValue](minimumCapacity: entries.count)
                for (earlier, value) in entries[entries.startIndex..<index] { copy[earlier] = value }
                projected = copy
            }
            if projected != nil {
                if projected?[cut] != nil { used.insert(.stringEndsAtNUL) } else { projected?[cut] = element }
            }
            index = entries.index(after: index)
        }
        return .some(projected)
    }

    /// Whether libplist's value `theirs` is the reference's `value` as libplist shows it; each string
    /// may be cut at its first NUL (ASCII strings and keys) or whole (UTF-16 strings), since the value
    /// no longer says which encoding it had. `used` gains the divergences of the reading.
    static func matches(_ value: PropertyListValue, _ theirs: PropertyListValue, _ used: inout Set<KnownDivergence>)
        -> Bool
    {
        var attempt = used
        guard let projected = project(value, &attempt, cutsAtNUL: false) else { return false }
        if projected == theirs {
            used = attempt
            return true
        }
        guard loosely(projected, theirs) else { return false }
        used = attempt.union([.stringEndsAtNUL])
        if hasKeysCollidingAtNUL(projected) { used.insert(.keysCollideAfterNUL) }
        return true
    }

    /// Whether some dictionary in `value` has two keys that are equal once cut at their first NUL.
    static func hasKeysCollidingAtNUL(_ value: PropertyListValue) -> Bool {
        switch value {
        case .array(let elements), .set(let elements):
            return elements.contains(where: hasKeysCollidingAtNUL)
        case .dictionary(let entries):
            // Distinct keys without a NUL stay distinct when cut (each is its own cut): no set to build.
            let collide =
                entries.keys.contains(where: containsNUL)
                && Set(entries.keys.map(projectString)).count != entries.count
            return collide || entries.values.contains(where: hasKeysCollidingAtNUL)
        default:
            return false
        }
    }

    /// Equality where a string on our side may also match its cut at the first NUL.
    private static func loosely(_ ours: PropertyListValue, _ theirs: PropertyListValue) -> Bool {
        switch (ours, theirs) {
        case (.string(let a), .string(let b)):
            return a == b || projectString(a) == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { loosely($0, $1) }
        case (.dictionary(let a), .dictionary(let b)) where !a.keys.contains(where: containsNUL):
            // No key holds a NUL: each is its own cut and the keys stay distinct, so every candidate list
            // below would hold one element (the same test, without building the lists).
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, element in
                guard let other = b[key] else { return false }
                return loosely(element, other)
            }
        case (.dictionary(let a), .dictionary(let b)):
            // A key always reaches libplist cut at its first NUL: an ASCII key is a C string, and a UTF-16
            // key holding NUL never gets there (OracleWorkScreen skips it, libplist aborts on it). Distinct
            // keys can therefore collide ("\0" + "01" and ""); libplist keeps the first in file order, which
            // the value no longer tells, so the value it shows must be one of the colliding ones.
            // Per cut key: whether one of the values cut to it matches libplist's value for it (no list
            // of candidates per key; a cut that libplist does not have fails at once).
            var matched = [String: Bool](minimumCapacity: a.count)
            for (key, element) in a {
                let cut = projectString(key)
                guard let other = b[cut] else { return false }
                if matched[cut] != true { matched[cut] = loosely(element, other) }
            }
            return matched.count == b.count && !matched.values.contains(false)
        default:
            return ours == theirs
        }
    }

    /// `plist_get_date_val`: int32 seconds truncated toward zero and the fraction's magnitude in whole
    /// microseconds; the bridge adds or subtracts the microseconds by the sign of the seconds, so a
    /// date in (-1 s, 0) comes back positive.
    static func projectDate(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return Double(Int32.min) }
        let whole = seconds.rounded(.towardZero)
        let micro = abs(((seconds - whole) * 1_000_000).rounded(.towardZero))
        // Seconds outside int32 come back as INT32_MIN (x86's conversion result); the microseconds stay.
        let inRange = whole > Double(Int32.min) - 1 && whole < Double(Int32.max) + 1
        let wholeSeconds = inRange ? Double(Int32(whole)) : Double(Int32.min)
        return (wholeSeconds * 1_000_000 + (wholeSeconds < 0 ? -micro : micro)) / 1_000_000
    }

    /// C strings: everything from the first NUL on is gone.
    static func projectString(_ string: String) -> String {
        // In UTF-8 the byte 0x00 encodes U+0000 and nothing else, so the first zero byte is where the
        // first NUL scalar starts (found without decoding scalars).
        guard containsNUL(string), let nul = string.utf8.firstIndex(of: 0) else { return string }
        return String(string.unicodeScalars[..<nul])
    }

    /// Whether `string` holds U+0000 (a zero byte in its UTF-8), searched in place.
    static func containsNUL(_ string: String) -> Bool {
        let found = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, 0, bytes.count) != nil
        }
        return found ?? string.utf8.contains(0)
    }
}
