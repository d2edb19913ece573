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
        var out: [UInt8] = Array("bplist00".utf8)
        out.reserveCapacity(flattener.payloadBytes + objects.count * (refSize + 9) + 40)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(let bytes):
                out.append(contentsOf: bytes)
            case .collection(let marker, let refs):
                appendHead(marker, count: marker == 0xD0 ? refs.count / 2 : refs.count, to: &out)
                for ref in refs { appendBigEndian(UInt64(ref), width: refSize, to: &out) }
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

    static func appendBigEndian(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        var shift = (width - 1) * 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
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

/// Numbers objects depth-first and serialises scalars, sharing equal ones.
struct Flattener {
    enum Object {
        case scalar([UInt8])
        /// `0xA0`, `0xC0` or `0xD0`; for a dictionary the key refs, then the value refs.
        case collection(UInt8, [Int])
    }

    var objects: [Object] = []
    var payloadBytes = 0
    private var scalars: [[UInt8]: Int] = [:]

    mutating func flatten(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements): return collection(0xA0, elements)
        case .set(let elements): return collection(0xC0, elements)
        case .dictionary(let entries):
            let index = objects.count
            objects.append(.collection(0xD0, []))
            let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            var refs: [Int] = []
            refs.reserveCapacity(sorted.count * 2)
            for (key, _) in sorted { refs.append(scalar(ScalarBytes.string(key))) }
            for (_, element) in sorted { refs.append(flatten(element)) }
            objects[index] = .collection(0xD0, refs)
            return index
        case .uid(let uid):
            // plistlib shares scalars by value but UIDs only by identity: each occurrence is written.
            objects.append(.scalar(ScalarBytes.uid(uid)))
            payloadBytes += 9
            return objects.count - 1
        default:
            return scalar(ScalarBytes.scalar(value))
        }
    }

    private mutating func collection(_ marker: UInt8, _ elements: [PropertyListValue]) -> Int {
        let index = objects.count
        objects.append(.collection(marker, []))
        var refs: [Int] = []
        refs.reserveCapacity(elements.count)
        for element in elements { refs.append(flatten(element)) }
        objects[index] = .collection(marker, refs)
        return index
    }

    private mutating func scalar(_ bytes: [UInt8]) -> Int {
        if let index = scalars[bytes] { return index }
        let index = objects.count
        objects.append(.scalar(bytes))
        scalars[bytes] = index
        payloadBytes += bytes.count
        return index
    }
}
