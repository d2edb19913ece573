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
        var flattener = Flattener(capacity: Flattener.objectCount(value))
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
            case .scalar(let scalar):
                ScalarBytes.append(scalar, to: &out)
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
struct Flattener {
    enum Object {
        case scalar(PropertyListValue)
        /// `0xA0`, `0xC0` or `0xD0` and its refs `refs[start..<start+count]` (dictionary: keys, then values).
        case collection(UInt8, start: Int, count: Int)
    }

    var objects: [Object] = []
    var refs: [Int] = []
    /// An upper bound of the scalar payload bytes, for reserving the output.
    var payloadBytes = 0
    private var scalars: [ScalarKey: Int] = [:]

    init(capacity: Int) {
        objects.reserveCapacity(capacity)
        // Distinct scalars are often far fewer than values: a table reserved for every value of a large
        // tree cost +13 MiB on 2.3 MB of records, more than the few rehashes past 4,096 cost in time.
        scalars.reserveCapacity(min(capacity, 1 << 12))
    }

    /// Values in `value`'s tree, dictionary keys included: an upper bound of the objects written.
    static func objectCount(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements), .set(let elements): return elements.reduce(1) { $0 + objectCount($1) }
        case .dictionary(let entries): return entries.values.reduce(1) { $0 + 1 + objectCount($1) }
        default: return 1
        }
    }

    mutating func flatten(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements): return collection(0xA0, elements)
        case .set(let elements): return collection(0xC0, elements)
        case .dictionary(let entries):
            let index = objects.count
            let start = refs.count
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
                refs[start + position] = scalar(.string(pairs[entry.index].key))
            }
            for (position, entry) in order.enumerated() {
                refs[start + pairs.count + position] = flatten(pairs[entry.index].value)
            }
            return index
        case .uid:
            // plistlib shares scalars by value but UIDs only by identity: each occurrence is written.
            objects.append(.scalar(value))
            payloadBytes += 9
            return objects.count - 1
        default:
            return scalar(value)
        }
    }

    @inline(__always) private static func lookUpOrInsert(_ next: Int, in slot: inout Int?) -> Int {
        if let earlier = slot { return earlier }
        slot = next
        return next
    }

    private mutating func collection(_ marker: UInt8, _ elements: [PropertyListValue]) -> Int {
        let index = objects.count
        let start = refs.count
        objects.append(.collection(marker, start: start, count: elements.count))
        refs.append(contentsOf: repeatElement(0, count: elements.count))
        for (position, element) in elements.enumerated() { refs[start + position] = flatten(element) }
        return index
    }

    private mutating func scalar(_ value: PropertyListValue) -> Int {
        let next = objects.count
        // One hash lookup whether the scalar is new or seen (updateValue then restoring cost two).
        let found = Self.lookUpOrInsert(next, in: &scalars[ScalarKey(value)])
        if found != next { return found }
        objects.append(.scalar(value))
        payloadBytes += ScalarBytes.sizeBound(value)
        return next
    }
}

/// A scalar compared as plistlib compares them for sharing: same type and same written bytes
/// (strings scalar by scalar, reals and dates by bit pattern).
struct ScalarKey: Hashable {
    let value: PropertyListValue
    init(_ value: PropertyListValue) { self.value = value }

    static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
        switch (lhs.value, rhs.value) {
        // String == is canonical equivalence (fast for unequal strings); the bytes decide.
        case let (.string(a), .string(b)): return UTF8Text.equal(a, b)
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)), let (.date(a), .date(b)): return a.bitPattern == b.bitPattern
        case let (.bool(a), .bool(b)): return a == b
        case let (.data(a), .data(b)):
            return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { ByteView.equal(x, $0) } }
        case (.null, .null): return true
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch value {
        case .string(let string):
            // == compares bytes, so hashing the bytes is consistent with it.
            hasher.combine(0 as UInt8)
            var string = string
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .integer(let integer): hasher.combine(integer)
        case .real(let real): hasher.combine(real.bitPattern)
        case .date(let seconds): hasher.combine(~seconds.bitPattern)
        case .bool(let flag): hasher.combine(flag)
        case .data(let bytes):
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        default: hasher.combine(1 as UInt8)
        }
    }
}

/// Strings compared by their UTF-8 bytes, read in place (the generic `elementsEqual` and
/// `lexicographicallyPrecedes` walk an iterator byte by byte).
enum UTF8Text {
    /// Byte-equal (and so also canonically equal).
    @inline(__always) static func equal(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var (a, b) = (a, b)
        return a.withUTF8 { x in b.withUTF8 { ByteView.equal(x, $0) } }
    }

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
