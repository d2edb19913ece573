// Tests/IconsTests/IntegerValueTests.swift - integerValue as the original's NSNumber/NSString answer it

import Testing

@testable import Icons

@Suite struct IntegerValueTests {
    @Test(arguments: [
        ("58", 58), ("58px", 58), ("abc", 0), ("", 0), ("  58", 58), ("\t\n58", 58), ("+58", 58),
        ("-58", -58), ("- 58", -58), ("+ 58", 58), ("--58", 0), ("58.9", 58), ("0x3A", 0), ("px58", 0),
        ("\u{00A0}58", 58), ("\u{3000}58", 58), ("\u{2003}58", 58), ("\u{0000}58", 58), ("\u{FF15}8", 0),
        ("9223372036854775807", Int.max), ("9223372036854775808", Int.max), ("99999999999999999999", Int.max),
        ("-9223372036854775808", Int.min), ("-9223372036854775809", Int.min), ("-99999999999999999999x", Int.min),
        // Twenty digits whose first nineteen fit: ×10 wraps past 2^64 to a value below Int.max, so the
        // multiplication's overflow alone must saturate.
        ("20000000000000000000", Int.max), ("-20000000000000000000", Int.min),
        ("00058", 58), ("1e3", 1),
    ])
    func stringsScanLikeNSString(text: String, expected: Int) {
        #expect(IntegerValue.scan(text) == expected)
    }

    @Test(arguments: [
        (58.9, 58), (-58.9, -58), (-0.5, 0), (0.999, 0), (1e300, Int.max), (-1e300, Int.min),
        (Double.nan, 0), (Double.infinity, Int.max), (9.2233720368547758e18, Int.max),
    ])
    func realsTruncateTowardZeroAndSaturate(real: Double, expected: Int) {
        #expect(IntegerValue.truncating(real) == expected)
        #expect(IntegerValue.of(.real(real)) == expected)
    }

    @Test func booleansAreZeroAndOne() {
        #expect(IntegerValue.of(.boolean(true)) == 1)
        #expect(IntegerValue.of(.boolean(false)) == 0)
    }

    @Test func largeIntegersSaturate() {
        #expect(IntegerValue.of(.largeInteger(negative: false)) == Int.max)
        #expect(IntegerValue.of(.largeInteger(negative: true)) == Int.min)
    }

    @Test(arguments: [AppInfoValue.null, .array, .dictionary, .absent])
    func valuesWithoutIntegerValueRaise(value: AppInfoValue) {
        #expect(IntegerValue.of(value) == nil)
    }

    @Test func whitespaceIsCoreFoundationsSet() {
        #expect(IntegerValue.isWhitespace(0x20) && IntegerValue.isWhitespace(0x7F) && IntegerValue.isWhitespace(0x200B))
        #expect(
            !IntegerValue.isWhitespace(0x21) && !IntegerValue.isWhitespace(0xA1) && !IntegerValue.isWhitespace(0x200C))
    }
}
