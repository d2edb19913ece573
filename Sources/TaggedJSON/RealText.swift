// Sources/TaggedJSON/RealText.swift - Reals as the shortest decimal that round-trips, and back

/// The `real` spelling of Docs/tagged-json.md: shortest round-trip decimal, `nan`, `inf`, `-inf`, `-0.0`.
enum RealText {
    /// The shortest decimal that reads back as exactly `value` (Swift's `description`), NaNs as `nan`.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        return value.description
    }

    /// Parses a JSON-number-shaped decimal or `nan`, `inf`, `-inf`; nil when malformed or overflowing.
    static func parse(_ text: String) -> Double? {
        switch text {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        default: break
        }
        guard DecimalText.isNumber(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

/// Decimal digit strings: the syntax check shared by reals and dates, and shortest-digit extraction.
enum DecimalText {
    /// `-?digits(.digits)?([eE][+-]?digits)?`.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits(_ slice: inout ArraySlice<UInt8>) -> Int {
            let count = slice.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            slice = slice.dropFirst(count)
            return count
        }
        guard digits(&bytes) > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits(&bytes) > 0 else { return false }
        }
        if let first = bytes.first, first | 0x20 == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits(&bytes) > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// The shortest round-trip decimal of a finite `value` as sign, digits (no leading or trailing
    /// zeros; empty for zero) and the position of the decimal point within them
    /// (value = 0.d1d2… × 10^point).
    static func shortestDigits(_ value: Double) -> (negative: Bool, digits: [UInt8], point: Int) {
        var text = Array(value.description.utf8)[...]
        let negative = text.first == UInt8(ascii: "-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
            exponent = Int(String(decoding: text[(e + 1)...], as: UTF8.self)) ?? 0
            text = text[..<e]
        }
        var digits: [UInt8] = []
        var point = 0
        var seenPoint = false
        for byte in text {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            digits.append(byte - 0x30)
            if !seenPoint { point += 1 }
        }
        point += exponent
        while let first = digits.first, first == 0 {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == 0 { digits.removeLast() }
        if digits.isEmpty { point = 0 }
        return (negative, digits, point)
    }
}
