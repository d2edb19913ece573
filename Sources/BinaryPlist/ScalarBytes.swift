// Sources/BinaryPlist/ScalarBytes.swift - The canonical bytes of each scalar object

/// Serialises scalar objects exactly as plistlib's `_write_object` does.
enum ScalarBytes {
    /// The object bytes of a scalar value (not arrays, sets or dictionaries).
    static func scalar(_ value: PropertyListValue) -> [UInt8] {
        switch value {
        case .string(let string): return self.string(string)
        case .integer(let integer): return self.integer(integer)
        case .real(let real): return withMarker(0x23, real.bitPattern)
        case .date(let seconds): return withMarker(0x33, seconds.bitPattern)
        case .bool(let flag): return [flag ? 0x09 : 0x08]
        case .null: return [0x00]
        case .data(let bytes):
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 10)
            BPlistEncoder.appendHead(0x40, count: bytes.count, to: &out)
            out.append(contentsOf: bytes)
            return out
        case .uid(let uid): return self.uid(uid)
        case .array, .set, .dictionary: return []
        }
    }

    /// ASCII (`0x5n`) when every scalar is below 0x80, else UTF-16BE (`0x6n`, count in code units).
    static func string(_ string: String) -> [UInt8] {
        var out: [UInt8] = []
        let utf8 = string.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            out.reserveCapacity(utf8.count + 10)
            BPlistEncoder.appendHead(0x50, count: utf8.count, to: &out)
            out.append(contentsOf: utf8)
        } else {
            let units = string.utf16
            out.reserveCapacity(units.count * 2 + 10)
            BPlistEncoder.appendHead(0x60, count: units.count, to: &out)
            for unit in units {
                out.append(UInt8(unit >> 8))
                out.append(UInt8(unit & 0xFF))
            }
        }
        return out
    }

    /// The smallest unsigned width for non-negatives below 2^63, 8 bytes for negatives, 16 above.
    static func integer(_ value: Int128) -> [UInt8] {
        if value < 0 && value >= Int128(Int64.min) {
            return withMarker(0x13, UInt64(bitPattern: Int64(value)))
        }
        if value >= 0 && value <= Int128(Int64.max) {
            let magnitude = UInt64(value)
            let width = BPlistEncoder.byteWidth(magnitude)
            var out: [UInt8] = [0x10 | UInt8(width.trailingZeroBitCount)]
            BPlistEncoder.appendBigEndian(magnitude, width: width, to: &out)
            return out
        }
        // Above Int64.max (and, outside what bplist readers agree on, below Int64.min): 16 bytes.
        let bits = UInt128(bitPattern: value)
        var out: [UInt8] = [0x14]
        BPlistEncoder.appendBigEndian(UInt64(truncatingIfNeeded: bits >> 64), width: 8, to: &out)
        BPlistEncoder.appendBigEndian(UInt64(truncatingIfNeeded: bits), width: 8, to: &out)
        return out
    }

    /// `0x80`, `0x81`, `0x83` or `0x87` and 1, 2, 4 or 8 bytes, as plistlib writes UIDs.
    static func uid(_ value: UInt64) -> [UInt8] {
        let width = BPlistEncoder.byteWidth(value)
        var out: [UInt8] = [0x80 | UInt8(width - 1)]
        BPlistEncoder.appendBigEndian(value, width: width, to: &out)
        return out
    }

    private static func withMarker(_ marker: UInt8, _ bits: UInt64) -> [UInt8] {
        var out: [UInt8] = [marker]
        BPlistEncoder.appendBigEndian(bits, width: 8, to: &out)
        return out
    }
}
