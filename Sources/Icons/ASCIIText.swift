// Sources/Icons/ASCIIText.swift - Byte scans of URL text without a comparison per byte

import Foundation

/// The ASCII test in front of every byte-wise fast path of the URL code, and a byte search.
///
/// Under coverage instrumentation every comparison in a loop is also a libFuzzer callback; these
/// scans use word loads, `memchr` and look-up tables instead.
enum ASCIIText {
    /// Whether every UTF-8 byte of `text` is below 0x80.
    ///
    /// Eight bytes are read at a time and or-ed together, so a URL costs a few word loads rather than
    /// a comparison per byte (each of which a coverage-instrumented build also reports).
    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { isASCII(UnsafeRawBufferPointer($0)) }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether every byte of `bytes` is below 0x80.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var highBits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            highBits |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            highBits |= UInt64(bytes[offset])
            offset += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// The first index of `byte` in `bytes[range]` (memchr), or nil.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        bytes.withUnsafeBufferPointer { firstIndex(of: byte, in: $0, range) }
    }

    /// The first index of `byte` in `bytes[range]` (memchr), or nil.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Runs `body` on the UTF-8 bytes of `text` (in place for a native string).
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// A 256-entry table of `accepts` over every byte value.
    static func table(_ accepts: (UInt8) -> Bool) -> [Bool] {
        (0...255).map { accepts(UInt8($0)) }
    }
}
