// Sources/BinaryPlist/ScalarBytes.swift - The canonical bytes of each scalar object

/// Serialises scalar objects exactly as plistlib's `_write_object` does.
enum ScalarBytes {
    /// Appends the object bytes of a scalar value (not arrays, sets or dictionaries).
    static func append(_ value: PropertyListValue, to out: inout [UInt8]) {
        switch value {
        case .string(let string): append(string: string, to: &out)
        case .integer(let integer): append(integer: Int128(integer), to: &out)
        case .wideInteger(let integer): append(integer: integer, to: &out)
        case .real(let real):
            out.append(0x23)
            BPlistEncoder.appendBigEndian(real.bitPattern, width: 8, to: &out)
        case .date(let seconds):
            out.append(0x33)
            BPlistEncoder.appendBigEndian(seconds.bitPattern, width: 8, to: &out)
        case .bool(let flag): out.append(flag ? 0x09 : 0x08)
        case .null: out.append(0x00)
        case .data(let bytes):
            BPlistEncoder.appendHead(0x40, count: bytes.count, to: &out)
            out.append(contentsOf: bytes)
        case .uid(let uid):
            // 0x80, 0x81, 0x83 or 0x87 and 1, 2, 4 or 8 bytes, as plistlib writes UIDs.
            let width = BPlistEncoder.byteWidth(uid)
            out.append(0x80 | UInt8(width - 1))
            BPlistEncoder.appendBigEndian(uid, width: width, to: &out)
        case .array, .set, .dictionary: break
        }
    }

    /// ASCII (`0x5n`) when every scalar is below 0x80, else UTF-16BE (`0x6n`, count in code units).
    static func append(string: String, to out: inout [UInt8]) {
        let utf8 = string.utf8
        if ByteView.isASCII(string) {
            BPlistEncoder.appendHead(0x50, count: utf8.count, to: &out)
            out.append(contentsOf: utf8)
        } else {
            let units = string.utf16
            BPlistEncoder.appendHead(0x60, count: units.count, to: &out)
            for unit in units {
                out.append(UInt8(truncatingIfNeeded: unit >> 8))
                out.append(UInt8(truncatingIfNeeded: unit))
            }
        }
    }

    /// The smallest unsigned width for non-negatives below 2^63, 8 bytes for negatives, 16 above.
    static func append(integer value: Int128, to out: inout [UInt8]) {
        if value < 0 && value >= Int128(Int64.min) {
            out.append(0x13)
            BPlistEncoder.appendBigEndian(UInt64(bitPattern: Int64(value)), width: 8, to: &out)
        } else if value >= 0 && value <= Int128(Int64.max) {
            let magnitude = UInt64(value)
            let width = BPlistEncoder.byteWidth(magnitude)
            out.append(0x10 | UInt8(width.trailingZeroBitCount))
            BPlistEncoder.appendBigEndian(magnitude, width: width, to: &out)
        } else {
            // Above Int64.max (and, outside what bplist readers agree on, below Int64.min): 16 bytes.
            let bits = UInt128(bitPattern: value)
            out.append(0x14)
            BPlistEncoder.appendBigEndian(UInt64(truncatingIfNeeded: bits >> 64), width: 8, to: &out)
            BPlistEncoder.appendBigEndian(UInt64(truncatingIfNeeded: bits), width: 8, to: &out)
        }
    }

    /// The object bytes of an integer.
    static func integer(_ value: Int128) -> [UInt8] {
        var out: [UInt8] = []
        append(integer: value, to: &out)
        return out
    }
}
