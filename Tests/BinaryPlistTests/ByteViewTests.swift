// Tests/BinaryPlistTests/ByteViewTests.swift - The word-at-a-time ASCII scan, at every length and position

import Testing

@testable import BinaryPlist

@Suite struct ByteViewTests {
    /// The scan reads eight bytes at a time and the tail in overlapping loads: a byte ≥ 0x80 is
    /// found wherever it lies, in every length up to three words.
    @Test func findsTheFirstNonASCIIByteAtEveryLengthAndPosition() {
        for length in 0...24 {
            let clean = [UInt8](repeating: 0x7F, count: length)
            #expect(clean.withUnsafeBufferPointer { ByteView.isASCII($0) }, "length \(length)")
            for position in 0..<length {
                var bytes = clean
                bytes[position] = 0x80
                #expect(!bytes.withUnsafeBufferPointer { ByteView.isASCII($0) }, "length \(length), at \(position)")
                let found = ByteView.with(bytes) { $0.firstNonASCII(at: 0, count: length) }
                #expect(found == position, "length \(length), at \(position)")
            }
        }
    }
}
