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
        encode(value, longProbe: ScalarTable.longProbe)
    }

    /// `encode` with the probe length that switches the scalar table to SipHash (tests pass 0 to
    /// take that path on ordinary values).
    static func encode(_ value: PropertyListValue, longProbe: Int) -> [UInt8] {
        var flattener = Flattener(longProbe: longProbe)
        let top = flattener.flatten(value)
        return flattener.document(top: top)
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

/// Strings compared by their UTF-8 bytes, read in place (the generic `elementsEqual` and
/// `lexicographicallyPrecedes` walk an iterator byte by byte).
enum UTF8Text {
    /// The first eight UTF-8 bytes, big-endian, zero-padded: ordering prefixes orders the strings
    /// wherever the prefixes differ.
    @inline(__always) static func prefix(_ string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            if bytes.count >= 8 { return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)) }
            var value: UInt64 = 0
            var shift: UInt64 = 56
            for byte in bytes {
                value |= UInt64(byte) << shift
                shift &-= 8
            }
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
