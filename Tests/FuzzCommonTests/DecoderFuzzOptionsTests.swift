// Tests/FuzzCommonTests/DecoderFuzzOptionsTests.swift - The decoder options prefix: layout and reserved bits

import BinaryPlist
import FuzzCommon
import Testing

@Suite struct DecoderFuzzOptionsTests {
    @Test func inputWithoutPrefixIsTheDocumentDecodedStrictly() throws {
        let input = Array("bplist00".utf8)
        let (options, document) = try #require(DecoderFuzzOptions.split(input))
        #expect(options.rules == .strict)
        #expect(document == input)
    }

    @Test func optionByteSelectsEachRule() throws {
        // 0b000_011_11: any version digit, first duplicate wins, depth code 3 → 4.
        let (options, document) = try #require(DecoderFuzzOptions.split([0x00, 0b0000_1111, 0x62]))
        #expect(options.rules.acceptsAnyVersionDigit)
        #expect(options.rules.keepsFirstDuplicateKey)
        #expect(options.rules.maximumDepth == 4)
        #expect(!options.rules.truncatesSixteenByteIntegers)
        #expect(document == [0x62])
    }

    @Test(arguments: [UInt8(0x40), 0x80, 0xC0, 0xFF])
    func reservedBitSkipsTheInput(byte: UInt8) {
        #expect(DecoderFuzzOptions.split([0x00, byte, 0x62]) == nil)
    }

    @Test func loneZeroByteIsSkipped() {
        #expect(DecoderFuzzOptions.split([0x00]) == nil)
    }

    @Test(arguments: 0..<64)
    func prefixIsTheInverseOfSplit(byte: Int) throws {
        let (options, _) = try #require(DecoderFuzzOptions.split([0x00, UInt8(byte)]))
        let again = try #require(DecoderFuzzOptions.split(options.prefix() + [0x62]))
        #expect(again.options == options)
        #expect(again.document == [0x62])
    }
}
