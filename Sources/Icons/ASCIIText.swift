// Sources/Icons/ASCIIText.swift - Whether text is ASCII, eight bytes at a time

/// The ASCII test in front of every byte-wise fast path of the URL code.
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
}
