// Sources/Icons/IntegerValue.swift - What -[NSNumber integerValue] and -[NSString integerValue] return

/// The original reads sizes with `[width integerValue]`, whatever object `width` is.
enum IntegerValue {
    /// The `NSInteger` the original would get, or `nil` where the message raises (NSNull, arrays,
    /// dictionaries do not answer `integerValue`).
    ///
    /// - integers: themselves; integers beyond 64 bits saturate to `Int.max` / `Int.min`
    ///   (implementation-defined: Apple's NSDecimalNumber/unsigned NSNumber give other values);
    /// - reals: truncated toward zero, saturating out of range, NaN gives 0 (the C conversion is
    ///   undefined there; arm64's `fcvtzs`, what iOS devices run, saturates);
    /// - booleans: 0 or 1;
    /// - strings: ``scan(_:)``.
    static func of(_ value: AppInfoValue) -> Int? {
        switch value {
        case .integer(let integer): return integer
        case .largeInteger(let negative): return negative ? Int.min : Int.max
        case .real(let real): return truncating(real)
        case .boolean(let flag): return flag ? 1 : 0
        case .string(let string): return scan(string)
        case .absent, .null, .array, .dictionary: return nil
        }
    }

    /// `(NSInteger)double` with saturation; NaN is 0.
    static func truncating(_ real: Double) -> Int {
        if real.isNaN { return 0 }
        if real >= 9_223_372_036_854_775_808.0 { return Int.max }
        if real < -9_223_372_036_854_775_808.0 { return Int.min }
        return Int(real.rounded(.towardZero))
    }

    /// `-[NSString integerValue]` as CoreFoundation's `__CFStringScanInteger` computes it, on UTF-16
    /// code units: skip "whitespace" (every unit below U+0021, U+007F-U+00A0, U+2000-U+200B, U+3000),
    /// an optional `+`/`-`, whitespace again, then ASCII digits; no digit gives 0; overflow
    /// saturates to `Int.max` / `Int.min`. `"58px"` is 58, `" -7"` is -7, `"- 7"` is -7, `"abc"` is 0.
    static func scan(_ string: String) -> Int {
        let units = Array(string.utf16)
        var index = 0
        skipWhitespace(units, &index)
        var negative = false
        if index < units.count, units[index] == 0x2D || units[index] == 0x2B {
            negative = units[index] == 0x2D
            index += 1
            skipWhitespace(units, &index)
        }
        var magnitude: UInt64 = 0
        var saturated = false
        var sawDigit = false
        while index < units.count, units[index] >= 0x30, units[index] <= 0x39 {
            sawDigit = true
            let digit = UInt64(units[index] - 0x30)
            if !saturated {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times10.addingReportingOverflow(digit)
                if overflow1 || overflow2 || next > UInt64(Int.max) + (negative ? 1 : 0) {
                    saturated = true
                } else {
                    magnitude = next
                }
            }
            index += 1
        }
        guard sawDigit else { return 0 }
        if saturated { return negative ? Int.min : Int.max }
        if negative { return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude) }
        return Int(magnitude)
    }

    /// CoreFoundation's `__CFIsWhitespace`.
    static func isWhitespace(_ unit: UInt16) -> Bool {
        unit < 0x21 || (unit > 0x7E && unit < 0xA1) || (unit >= 0x2000 && unit <= 0x200B) || unit == 0x3000
    }

    private static func skipWhitespace(_ units: [UInt16], _ index: inout Int) {
        while index < units.count, isWhitespace(units[index]) { index += 1 }
    }
}
