// Sources/BinaryPlist/ObjectDecoder.swift - Objects by index: markers, payload bounds, refs, depth, cycles

/// Decodes objects by index, each at most once; the trailer has already been checked.
///
/// Recursion follows container nesting only and stops at `rules.maximumDepth`, so the stack stays
/// bounded whatever the input claims. An object under construction is `active`: meeting it again is
/// a cycle. A finished object is memoised with its height and expanded size, so a shared subtree
/// costs one lookup per reference and its depth and expansion are still checked at every use.
struct ObjectDecoder {
    private let view: ByteView
    private let rules: DecodingRules
    private let tableOffset: Int
    private let offsetSize: Int
    private let refSize: Int
    private let numObjects: Int
    private let expansionBudget: Int
    private var slots: [Slot]
    var statistics = DecodingStatistics()

    private enum State: UInt8 { case new, active, done }

    private struct Slot {
        var state = State.new
        /// Container levels in the subtree, this object included (0 for a scalar).
        var height = 0
        /// Values in the subtree when every reference is expanded (saturating).
        var expanded = 0
        var value: PropertyListValue?
    }

    init(view: ByteView, trailer: BPlistTrailer, rules: DecodingRules) {
        self.view = view
        self.rules = rules
        self.tableOffset = trailer.offsetTableOffset
        self.offsetSize = trailer.offsetIntSize
        self.refSize = trailer.objectRefSize
        self.numObjects = trailer.numObjects
        self.expansionBudget = max(rules.maximumExpandedCount, trailer.numObjects)
        // numObjects * offsetIntSize bytes exist in the input, so this is linear in the input.
        self.slots = Array(repeating: Slot(), count: trailer.numObjects)
    }

    /// The root value.
    mutating func decodeRoot(_ index: Int) throws(BPlistError) -> PropertyListValue {
        try value(of: index, depth: 0, referencedAt: view.count - 16)
    }

    /// The file offset of object `index` (every entry was range-checked with the trailer).
    private func offset(of index: Int) -> Int {
        Int(truncatingIfNeeded: view.uint(at: tableOffset + index * offsetSize, width: offsetSize) ?? 0)
    }

    /// The object `index`, found inside `depth` containers through the reference at `position`.
    private mutating func value(
        of index: Int, depth: Int, referencedAt position: Int
    ) throws(BPlistError) -> PropertyListValue {
        switch slots[index].state {
        case .active:
            // bplist.object.cycle
            throw BPlistError(.cycle, at: position, "reference to object \(index) closes a cycle")
        case .done:
            let slot = slots[index]
            // bplist.object.depth: a shared subtree is as deep here as it was where first met.
            if depth + slot.height > rules.maximumDepth {
                throw BPlistError(
                    .depth, at: offset(of: index),
                    "shared object \(index) nests deeper than \(rules.maximumDepth) levels here")
            }
            statistics.referencesReused += 1
            return slot.value ?? .null
        case .new:
            slots[index].state = .active
            let (value, height, expanded) = try decodeObject(index, depth: depth)
            statistics.objectsDecoded += 1
            slots[index] = Slot(state: .done, height: height, expanded: expanded, value: value)
            return value
        }
    }

    private mutating func decodeObject(
        _ index: Int, depth: Int
    ) throws(BPlistError) -> (PropertyListValue, height: Int, expanded: Int) {
        let start = offset(of: index)
        let marker = view[start]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return (.null, 0, 1)
            case 0x08: return (.bool(false), 0, 1)
            case 0x09: return (.bool(true), 0, 1)
            default:
                // bplist.marker.simple: fill (0x0F) and the bplist1x-only URL/UUID markers.
                throw BPlistError(.marker, at: start, "marker \(hex(marker)) is not a bplist00 object")
            }
        case 0x1: return (try integer(at: start, info: info), 0, 1)
        case 0x2:
            // bplist.real.width: 4 or 8 bytes.
            guard info == 2 || info == 3 else {
                throw BPlistError(.marker, at: start, "real of \(1 << info) bytes (only 4 or 8 exist)")
            }
            let bits = try payload(at: start + 1, length: 1 << info, object: start)
            let raw = view.uint(at: bits, width: 1 << info) ?? 0
            let real = info == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return (.real(real), 0, 1)
        case 0x3: return (try date(at: start, marker: marker), 0, 1)
        case 0x4:
            let (count, body) = try sizedPayload(at: start, info: info, unit: 1)
            statistics.payloadBytes += count
            return (.data(view.bytes(at: body, count: count)), 0, 1)
        case 0x5:
            let (count, body) = try sizedPayload(at: start, info: info, unit: 1)
            statistics.payloadBytes += count
            switch view.asciiString(at: body, count: count) {
            case .success(let string): return (.string(string), 0, 1)
            case .failure(let bad):
                // bplist.string.ascii: 7-bit only.
                throw BPlistError(.encoding, at: bad.offset, "ASCII string holds byte \(hex(view[bad.offset]))")
            }
        case 0x6:
            let (count, body) = try sizedPayload(at: start, info: info, unit: 2)
            statistics.payloadBytes += count * 2
            switch view.utf16String(at: body, units: count) {
            case .success(let string): return (.string(string), 0, 1)
            case .failure(let bad):
                // bplist.string.utf16: surrogates must pair.
                throw BPlistError(.encoding, at: bad.offset, "UTF-16 string holds an unpaired surrogate")
            }
        case 0x8:
            // bplist.uid: n+1 bytes, at most 64 bits of value.
            let body = try payload(at: start + 1, length: info + 1, object: start)
            guard let uid = view.uint(at: body, width: info + 1) else {
                throw BPlistError(.limit, at: start, "UID of \(info + 1) bytes exceeds 64 bits")
            }
            return (.uid(uid), 0, 1)
        case 0xA, 0xC: return try collection(at: start, info: info, isSet: marker >> 4 == 0xC, depth: depth)
        case 0xD: return try dictionary(at: start, info: info, depth: depth)
        default:
            // bplist.marker.unused: 0x7 (UTF-8), 0x9, 0xB (ordset), 0xE, 0xF.
            throw BPlistError(.marker, at: start, "marker \(hex(marker)) is not a bplist00 object")
        }
    }

    /// Checks that `length` bytes from `start` end before the offset table; returns `start`.
    private func payload(at start: Int, length: Int, object: Int) throws(BPlistError) -> Int {
        // bplist.object.bounds: no payload runs into the offset table.
        guard length <= tableOffset - start else {
            throw BPlistError(
                .length, at: object,
                "object needs \(length) bytes from \(start) but the offset table starts at \(tableOffset)")
        }
        return start
    }

    /// Reads a count (inline nibble, or `0xF` then an int object) and checks `count * unit` bytes follow.
    private func sizedPayload(at start: Int, info: Int, unit: Int) throws(BPlistError) -> (count: Int, body: Int) {
        var count = info
        var body = start + 1
        if info == 0x0F {
            // bplist.count.int: a long count is an int object.
            let position = try payload(at: start + 1, length: 1, object: start)
            let countMarker = view[position]
            guard countMarker >> 4 == 0x1, countMarker & 0x0F <= 4 else {
                throw BPlistError(
                    .marker, at: position, "count must be an int object, found marker \(hex(countMarker))")
            }
            let width = 1 << Int(countMarker & 0x0F)
            _ = try payload(at: position + 1, length: width, object: start)
            guard let raw = view.uint(at: position + 1, width: width), raw <= UInt64(Int.max) else {
                throw BPlistError(.length, at: position, "count is negative or does not fit 63 bits")
            }
            count = Int(raw)
            body = position + 1 + width
        }
        let (length, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, length <= tableOffset - body else {
            throw BPlistError(
                .length, at: start, "count \(count) needs more bytes than lie before the offset table at \(tableOffset)"
            )
        }
        return (count, body)
    }

    private func integer(at start: Int, info: Int) throws(BPlistError) -> PropertyListValue {
        // bplist.integer.width: 1, 2, 4, 8 or 16 bytes.
        guard info <= 4 else { throw BPlistError(.marker, at: start, "integer of \(1 << info) bytes (at most 16)") }
        let width = 1 << info
        let body = try payload(at: start + 1, length: width, object: start)
        switch width {
        case 8:
            return .integer(Int128(Int64(bitPattern: view.uint(at: body, width: 8) ?? 0)))
        case 16:
            // bplist.integer.16: CoreFoundation reads the low 64 bits unsigned; high bytes must be zero.
            let high = view.uint(at: body, width: 8) ?? 0
            if high != 0 && !rules.truncatesSixteenByteIntegers {
                throw BPlistError(
                    .limit, at: start, "16-byte integer outside 0...2^64-1 (readers disagree on its value)")
            }
            return .integer(Int128(view.uint(at: body + 8, width: 8) ?? 0))
        default:
            return .integer(Int128(view.uint(at: body, width: width) ?? 0))
        }
    }

    private func date(at start: Int, marker: UInt8) throws(BPlistError) -> PropertyListValue {
        // bplist.date.marker: exactly 0x33.
        guard marker == 0x33 else {
            throw BPlistError(.marker, at: start, "date marker must be 0x33, not \(hex(marker))")
        }
        let body = try payload(at: start + 1, length: 8, object: start)
        let seconds = Double(bitPattern: view.uint(at: body, width: 8) ?? 0)
        // bplist.date.range: a finite instant in years 0001-9999.
        guard PropertyListValue.representableDates.contains(seconds) else {
            throw BPlistError(.limit, at: start, "date \(seconds) is not a finite instant in years 0001-9999")
        }
        return .date(seconds)
    }

    /// Reads reference `index` of the list starting at `body`.
    private func reference(_ index: Int, from body: Int) throws(BPlistError) -> (Int, position: Int) {
        let position = body + index * refSize
        // bplist.object.ref: an index below numObjects.
        guard let ref = view.uint(at: position, width: refSize), ref < UInt64(numObjects) else {
            throw BPlistError(.objectRef, at: position, "reference is not below the object count \(numObjects)")
        }
        return (Int(ref), position)
    }

    private mutating func enter(_ start: Int, depth: Int) throws(BPlistError) {
        // bplist.object.depth
        guard depth < rules.maximumDepth else {
            throw BPlistError(.depth, at: start, "containers nest deeper than \(rules.maximumDepth) levels")
        }
        statistics.maximumDepthReached = max(statistics.maximumDepthReached, depth + 1)
    }

    private func expand(_ total: inout Int, by amount: Int, at start: Int) throws(BPlistError) {
        let (sum, overflow) = total.addingReportingOverflow(amount)
        // bplist.object.expansion: shared references may not fan out into a huge tree.
        guard !overflow, sum <= expansionBudget else {
            throw BPlistError(
                .limit, at: start, "shared references expand to more than \(expansionBudget) values")
        }
        total = sum
    }

    private mutating func collection(
        at start: Int, info: Int, isSet: Bool, depth: Int
    ) throws(BPlistError) -> (PropertyListValue, height: Int, expanded: Int) {
        try enter(start, depth: depth)
        let (count, body) = try sizedPayload(at: start, info: info, unit: refSize)
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(count)
        statistics.elementsReserved += count
        var height = 1
        var expanded = 1
        for element in 0..<count {
            let (ref, position) = try reference(element, from: body)
            elements.append(try value(of: ref, depth: depth + 1, referencedAt: position))
            height = max(height, slots[ref].height + 1)
            try expand(&expanded, by: slots[ref].expanded, at: start)
        }
        return (isSet ? .set(elements) : .array(elements), height, expanded)
    }

    private mutating func dictionary(
        at start: Int, info: Int, depth: Int
    ) throws(BPlistError) -> (PropertyListValue, height: Int, expanded: Int) {
        try enter(start, depth: depth)
        let (count, body) = try sizedPayload(at: start, info: info, unit: 2 * refSize)
        var entries: [String: PropertyListValue] = [:]
        entries.reserveCapacity(count)
        statistics.elementsReserved += count
        var height = 1
        var expanded = 1
        for entry in 0..<count {
            let (keyRef, keyPosition) = try reference(entry, from: body)
            // bplist.dict.key-type: keys are strings.
            let keyMarker = view[offset(of: keyRef)] >> 4
            guard keyMarker == 0x5 || keyMarker == 0x6 else {
                throw BPlistError(
                    .keyType, at: keyPosition,
                    "dictionary key is not a string (marker \(hex(view[offset(of: keyRef)])))")
            }
            guard case .string(let key) = try value(of: keyRef, depth: depth + 1, referencedAt: keyPosition) else {
                throw BPlistError(.keyType, at: keyPosition, "dictionary key is not a string")
            }
            let (valueRef, valuePosition) = try reference(count + entry, from: body)
            let element = try value(of: valueRef, depth: depth + 1, referencedAt: valuePosition)
            height = max(height, slots[valueRef].height + 1)
            if entries[key] != nil {
                // bplist.dict.duplicate-key: two readers could pick different winners.
                guard rules.keepsFirstDuplicateKey else {
                    throw BPlistError(
                        .duplicateKey, at: keyPosition, "dictionary key \"\(printable(key))\" appears twice")
                }
                continue
            }
            entries[key] = element
            try expand(&expanded, by: 1, at: start)
            try expand(&expanded, by: slots[valueRef].expanded, at: start)
        }
        return (.dictionary(entries), height, expanded)
    }

    private func printable(_ key: String) -> String {
        let short = key.unicodeScalars.prefix(40).map { $0.value < 0x20 ? "?" : String($0) }.joined()
        return key.unicodeScalars.count > 40 ? short + "…" : short
    }
}
