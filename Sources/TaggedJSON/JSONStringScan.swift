// Sources/TaggedJSON/JSONStringScan.swift - Finds the end of a run of string bytes that need no escape

/// The bytes a JSON string literal holds as they are: not `"`, not `\`, not a control character (< 0x20).
///
/// The reader and the writer skip such runs eight bytes at a time (a word test per eight bytes instead of
/// three comparisons per byte), then handle the byte that ends the run one at a time.
enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` in `buffer` that is `"`, `\` or below 0x20
    /// (`buffer.count` when there is none).
    static func endOfPlainRun(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = buffer.baseAddress {
            while index + 8 <= buffer.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if hasSpecialByte(word) { break }
                index += 8
            }
        }
        while index < buffer.count, isPlain(buffer[index]) { index += 1 }
        return index
    }

    /// Whether every byte of `bytes` is ASCII (below 0x80), tested eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        var high: UInt64 = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                index += 8
            }
        }
        var last: UInt8 = 0
        while index < bytes.count {
            last |= bytes[index]
            index += 1
        }
        return (high & highBits) == 0 && last < 0x80
    }

    /// Whether `byte` needs no escape in a JSON string literal.
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Whether one of the eight bytes of `word` is `"`, `\` or below 0x20: the classic "has a byte below n"
    /// test, `(x - n·ones) & ~x & highBits` (exact for the word as a whole when n ≤ 0x80), on the word for
    /// n = 0x20 and, for n = 1, on the word XORed with each character (a byte equal to it becomes 0).
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let below = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (below | quote | backslash) & highBits != 0
    }
}
