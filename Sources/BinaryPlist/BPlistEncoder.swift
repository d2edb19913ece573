// Sources/BinaryPlist/BPlistEncoder.swift - Canonical bplist00 writer (entry point and layout)

/// Writes a `PropertyListValue` as bplist00 in the canonical layout plistlib and swift-foundation share.
///
/// Objects are numbered depth-first (a container, then its keys sorted by code point, then its
/// values); equal scalars (same type and same bytes) are written once; containers and UIDs are
/// written once per occurrence (as plistlib does); reference and offset widths are 1, 2, 4 or 8
/// bytes, the smallest that fit. Integers outside `Int64.min...UInt64.max` are written as 16-byte
/// two's complement, which the strict decoder rejects. Docs/codec.md has the details.
public enum BPlistEncoder {
    /// Encodes `value` as a complete bplist00 document.
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var flattener = Flattener()
        let top = flattener.flatten(value)
        let objects = flattener.objects
        let refSize = byteWidth(UInt64(objects.count))
        var out: [UInt8] = []
        out.reserveCapacity(flattener.payloadBytes + flattener.refs.count * refSize + objects.count * 9 + 48)
        out.append(contentsOf: [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30])
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(let start, let count):
                out.append(contentsOf: flattener.scalarBytes[start..<(start + count)])
            case .collection(let marker, let start, let count):
                appendHead(marker, count: marker == 0xD0 ? count / 2 : count, to: &out)
                for ref in flattener.refs[start..<(start + count)] {
                    appendBigEndian(UInt64(ref), width: refSize, to: &out)
                }
            }
        }
        let tableOffset = out.count
        let offsetSize = byteWidth(UInt64(tableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), width: offsetSize, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        appendBigEndian(UInt64(objects.count), width: 8, to: &out)
        appendBigEndian(UInt64(top), width: 8, to: &out)
        appendBigEndian(UInt64(tableOffset), width: 8, to: &out)
        return out
    }

    /// 1, 2, 4 or 8: the width plistlib (`_count_to_size`) picks for a count or offset.
    static func byteWidth(_ value: UInt64) -> Int {
        if value < 1 << 8 { return 1 }
        if value < 1 << 16 { return 2 }
        if value < 1 << 32 { return 4 }
        return 8
    }

    @inline(__always) static func appendBigEndian(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        switch width {
        case 1: out.append(UInt8(truncatingIfNeeded: value))
        case 2:
            out.append(UInt8(truncatingIfNeeded: value >> 8))
            out.append(UInt8(truncatingIfNeeded: value))
        default:
            var shift = (width - 1) * 8
            while shift >= 0 {
                out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
                shift -= 8
            }
        }
    }

    /// A marker with its count: inline below 15, else `0xF` and an int object of 1, 2, 4 or 8 bytes.
    static func appendHead(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
            return
        }
        out.append(marker | 0x0F)
        let width = byteWidth(UInt64(count))
        out.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(UInt64(count), width: width, to: &out)
    }
}

/// Numbers objects depth-first, sharing equal scalars; container refs live in one flat list.
///
/// Each scalar is written once, when first met, into `scalarBytes`; equal scalars are found by
/// those bytes. Two scalars are written alike exactly when plistlib shares them (same type and
/// same value: strings scalar by scalar, reals and dates by bit pattern), because the marker names
/// the type and each type's encoding is one-to-one.
struct Flattener {
    enum Object {
        /// The object's bytes are `scalarBytes[start..<start+count]`.
        case scalar(start: Int, count: Int)
        /// `0xA0`, `0xC0` or `0xD0` and its refs `refs[start..<start+count]` (dictionary: keys, then values).
        case collection(UInt8, start: Int, count: Int)
    }

    var objects: [Object] = []
    var refs: [Int] = []
    /// Every distinct scalar's object bytes, in object order.
    private(set) var scalarBytes: [UInt8] = []
    /// The scalar payload bytes, for reserving the output.
    var payloadBytes: Int { scalarBytes.count }
    private var scalars = ScalarTable()
    /// Keys of at most eight UTF-8 bytes by prefix and length (see `key(_:prefix:)`).
    private var shortKeys: [(prefix: UInt64, length: Int, object: Int)] = []
    /// Dictionaries met so far.
    private var dictionaries = 0

    mutating func flatten(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements): return collection(0xA0, elements)
        case .set(let elements): return collection(0xC0, elements)
        case .dictionary(let entries):
            let index = objects.count
            let start = refs.count
            dictionaries += 1
            objects.append(.collection(0xD0, start: start, count: entries.count * 2))
            refs.append(contentsOf: repeatElement(0, count: entries.count * 2))
            // Sorted by UTF-8 bytes: an index sort on each key's first eight bytes (read once per key),
            // the whole keys compared only when those are equal; entries are never moved.
            let pairs = Array(entries)
            var order = pairs.indices.map { (prefix: UTF8Text.prefix(pairs[$0].key), index: $0) }
            order.sort {
                $0.prefix != $1.prefix
                    ? $0.prefix < $1.prefix : UTF8Text.precedes(pairs[$0.index].key, pairs[$1.index].key)
            }
            for (position, entry) in order.enumerated() {
                refs[start + position] = key(pairs[entry.index].key, prefix: entry.prefix)
            }
            for (position, entry) in order.enumerated() {
                refs[start + pairs.count + position] = flatten(pairs[entry.index].value)
            }
            return index
        case .uid:
            // plistlib shares scalars by value but UIDs only by identity: each occurrence is written.
            let mark = scalarBytes.count
            ScalarBytes.append(value, to: &scalarBytes)
            objects.append(.scalar(start: mark, count: scalarBytes.count - mark))
            return objects.count - 1
        default:
            let mark = scalarBytes.count
            ScalarBytes.append(value, to: &scalarBytes)
            return shared(from: mark)
        }
    }

    /// The object of dictionary key `key` whose first eight UTF-8 bytes are `prefix`. A key of at
    /// most eight bytes is exactly its prefix and length, so records' keys are found in `shortKeys`
    /// (direct-mapped) without being written or hashed again.
    private mutating func key(_ key: String, prefix: UInt64) -> Int {
        let length = key.utf8.count
        let slot = Int(truncatingIfNeeded: ((prefix ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        // A lone dictionary (the attribute) has nothing to find again: the cache starts with the second.
        let cacheable = length <= 8 && dictionaries > 1
        if cacheable {
            if shortKeys.isEmpty { shortKeys = Array(repeating: (0, -1, 0), count: 64) }
            let cached = shortKeys[slot]
            if cached.length == length && cached.prefix == prefix { return cached.object }
        }
        let mark = scalarBytes.count
        ScalarBytes.append(string: key, to: &scalarBytes)
        let object = shared(from: mark)
        if cacheable { shortKeys[slot] = (prefix, length, object) }
        return object
    }

    private mutating func collection(_ marker: UInt8, _ elements: [PropertyListValue]) -> Int {
        let index = objects.count
        let start = refs.count
        objects.append(.collection(marker, start: start, count: elements.count))
        refs.append(contentsOf: repeatElement(0, count: elements.count))
        for (position, element) in elements.enumerated() { refs[start + position] = flatten(element) }
        return index
    }

    /// The scalar just written at `scalarBytes[mark...]`: the earlier object with the same bytes
    /// (and the new copy dropped), or a new object.
    private mutating func shared(from mark: Int) -> Int {
        let next = objects.count
        let found = scalarBytes.withUnsafeBufferPointer { scalars.lookUpOrInsert(next, from: mark, in: $0) }
        if found != next {
            scalarBytes.removeSubrange(mark...)
            return found
        }
        objects.append(.scalar(start: mark, count: scalarBytes.count - mark))
        return next
    }
}

/// Scalar objects by their bytes: open addressing over seeded hashes (`Hasher`, so hostile values
/// cannot force collisions), compared in place in `scalarBytes`.
struct ScalarTable {
    /// 16 bytes. No length: scalar encodings are self-delimiting (the marker and count give the
    /// length), so an earlier scalar whose first bytes equal a whole candidate is that candidate.
    private struct Slot {
        var start = 0
        /// Object index + 1; 0 when empty.
        var object: UInt32 = 0
        var hash: UInt32 = 0
    }

    /// A power of two, at most half full.
    private var slots: [Slot] = []
    private var used = 0

    /// The object whose bytes equal `bytes[start...]`, or `next` after recording it.
    mutating func lookUpOrInsert(_ next: Int, from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let candidate = UnsafeBufferPointer(rebasing: bytes[start...])
        // Past 2^32 - 2 objects a scalar is written again rather than shared.
        guard let object = UInt32(exactly: next + 1), object != .max else { return next }
        if slots.isEmpty { slots = Array(repeating: Slot(), count: 64) }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(candidate))
        let hash = UInt32(truncatingIfNeeded: hasher.finalize())
        let mask = slots.count - 1
        var position = Int(hash) & mask
        while slots[position].object != 0 {
            let slot = slots[position]
            if slot.hash == hash,
                ByteView.equal(
                    UnsafeBufferPointer(rebasing: bytes[slot.start..<(slot.start + candidate.count)]), candidate)
            {
                return Int(slot.object) - 1
            }
            position = (position + 1) & mask
        }
        slots[position] = Slot(start: start, object: object, hash: hash)
        used += 1
        if used * 2 > slots.count { grow() }
        return next
    }

    /// Twice the slots (a table of 2^32 slots would not fit in memory, so 32 bits of hash suffice).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.object != 0 {
            var position = Int(slot.hash) & mask
            while slots[position].object != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }
}

/// Strings compared by their UTF-8 bytes, read in place (the generic `elementsEqual` and
/// `lexicographicallyPrecedes` walk an iterator byte by byte).
enum UTF8Text {
    /// The first eight UTF-8 bytes, big-endian, zero-padded: ordering prefixes orders the strings
    /// wherever the prefixes differ.
    @inline(__always) static func prefix(_ string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in
            var value: UInt64 = 0
            for index in 0..<8 { value = value << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return value
        }
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s (code point order).
    @inline(__always) static func precedes(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                for index in 0..<common where x[index] != y[index] { return x[index] < y[index] }
                return x.count < y.count
            }
        }
    }
}
