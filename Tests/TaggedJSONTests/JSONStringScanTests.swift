// Tests/TaggedJSONTests/JSONStringScanTests.swift - The word-at-a-time string scan against its byte rule

import Testing

@testable import TaggedJSON

@Suite struct JSONStringScanTests {
    /// The first byte that is `"`, `\` or a control character, found one byte at a time.
    private func expectedEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex { !JSONStringScan.isPlain($0) } ?? bytes.count
    }

    @Test func findsEverySpecialByteAtEveryPositionOfAWord() {
        // Every byte value at every offset of two words, behind plain ASCII and behind plain UTF-8 bytes
        // (0x80 and above must neither hide nor fake a special byte).
        for filler: UInt8 in [UInt8(ascii: "a"), 0xC3, 0xFF, 0x80] {
            for position in 0..<17 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 17)
                    bytes[position] = UInt8(value)
                    for start in [0, 1, 3] where start <= position {
                        let found = bytes.withUnsafeBufferPointer { JSONStringScan.endOfPlainRun(in: $0, from: start) }
                        #expect(
                            found == expectedEnd(bytes, from: start), "filler \(filler) byte \(value) at \(position)")
                    }
                }
            }
        }
    }

    @Test func tellsASCIIFromOtherBytesAtEveryPosition() {
        for position in 0..<17 {
            for value: UInt8 in [0x00, 0x41, 0x7F, 0x80, 0xC3, 0xFF] {
                var bytes = [UInt8](repeating: 0x41, count: 17)
                bytes[position] = value
                #expect(bytes.withUnsafeBufferPointer { JSONStringScan.isASCII($0) } == (value < 0x80))
            }
        }
    }
}
