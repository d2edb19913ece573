// Sources/TaggedJSON/Base64.swift - RFC 4648 base64 with padding, strict on input

/// Standard base64 (`+/`, `=` padding) for `data` values.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = UInt32(bytes[index])
            let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes canonical base64 (length a multiple of 4, padding only at the end, zero spare bits).
    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var group: UInt32 = 0
            var padding = 0
            for position in 0..<4 {
                let byte = input[index + position]
                let value: UInt32
                switch byte {
                case 0x41...0x5A: value = UInt32(byte - 0x41)
                case 0x61...0x7A: value = UInt32(byte - 0x61 + 26)
                case 0x30...0x39: value = UInt32(byte - 0x30 + 52)
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "="):
                    guard index + 4 == input.count, position >= 2 else { return nil }
                    padding += 1
                    value = 0
                default: return nil
                }
                if padding > 0 && byte != UInt8(ascii: "=") { return nil }
                group = group << 6 | value
            }
            if padding == 2 && group & 0xFFFF != 0 { return nil }
            if padding == 1 && group & 0xFF != 0 { return nil }
            out.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return out
    }
}
