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

    /// The 6-bit value of each byte of the alphabet; `invalid` for every other byte (`=` included).
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()
    private static let invalid: UInt8 = 0xFF

    /// Decodes canonical base64 (length a multiple of 4, padding only at the end, zero spare bits).
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0, values: values) }
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, values: [UInt8]) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        // Every group but the last has no padding: four alphabet bytes.
        let whole = input.count - (input.count == 0 ? 0 : 4)
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < whole {
            let v0 = values[Int(input[index])]
            let v1 = values[Int(input[index + 1])]
            let v2 = values[Int(input[index + 2])]
            let v3 = values[Int(input[index + 3])]
            // Valid values are below 64: one test for the four.
            guard (v0 | v1 | v2 | v3) & 0xC0 == 0 else { return nil }
            let group = UInt32(v0) << 18 | UInt32(v1) << 12 | UInt32(v2) << 6 | UInt32(v3)
            out.append(UInt8(group >> 16 & 0xFF))
            out.append(UInt8(group >> 8 & 0xFF))
            out.append(UInt8(group & 0xFF))
            index += 4
        }
        guard index < input.count else { return out }
        // The last group: padding allowed in its last two places.
        var group: UInt32 = 0
        var padding = 0
        for position in 0..<4 {
            let byte = input[index + position]
            let value: UInt32
            if byte == UInt8(ascii: "=") {
                guard position >= 2 else { return nil }
                padding += 1
                value = 0
            } else {
                guard padding == 0, values[Int(byte)] != invalid else { return nil }
                value = UInt32(values[Int(byte)])
            }
            group = group << 6 | value
        }
        if padding == 2 && group & 0xFFFF != 0 { return nil }
        if padding == 1 && group & 0xFF != 0 { return nil }
        out.append(UInt8(group >> 16 & 0xFF))
        if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
        if padding < 1 { out.append(UInt8(group & 0xFF)) }
        return out
    }
}
