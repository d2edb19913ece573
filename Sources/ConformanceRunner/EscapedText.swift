// Sources/ConformanceRunner/EscapedText.swift - An adapter's output bytes as report text

/// Renders bytes for a report: valid UTF-8 stays text, other bytes become `\xNN`; at most `limit` bytes.
///
/// A well-formed UTF-8 sequence (Unicode's table 3-7: no overlong forms, surrogates or values past U+10FFFF)
/// is kept, except the C0 controls other than newline and tab, which become `\xNN`; every byte that does not
/// start a well-formed sequence within the first `limit` bytes becomes `\xNN` on its own, and scanning resumes
/// at the next byte. One pass, one byte-class lookup per byte; text with nothing to escape is copied as it is,
/// other text written once into a string of its worst-case size.
public func escapedText(_ bytes: [UInt8], limit: Int = 2048) -> String {
    let end = min(bytes.count, max(limit, 0))
    var result = bytes.withUnsafeBufferPointer { escapedPrefix(UnsafeBufferPointer(rebasing: $0[..<end])) }
    if bytes.count > limit { result += "… (\(bytes.count - limit) more bytes)" }
    return result
}

private func escapedPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var index = 0
    while index < bytes.count {
        guard let width = keptWidth(bytes, at: index) else { break }
        index += width
    }
    if index == bytes.count { return String(decoding: bytes, as: UTF8.self) }
    // From the first escape on: at most four bytes out per byte in.
    let start = index
    return String(unsafeUninitializedCapacity: start + 4 * (bytes.count - start)) { text in
        var written = 0
        for byte in bytes[..<start] {
            text[written] = byte
            written += 1
        }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            let width = keptWidth(bytes, at: index) ?? 0
            if width == 0 {
                text[written] = 0x5C  // \
                text[written + 1] = 0x78  // x
                text[written + 2] = hexDigits.utf8Start[Int(byte >> 4)]
                text[written + 3] = hexDigits.utf8Start[Int(byte & 0xF)]
                written += 4
                index += 1
                continue
            }
            for offset in 0..<width { text[written + offset] = bytes[index + offset] }
            written += width
            index += width
        }
        return written
    }
}

/// How many bytes at `index` stay as they are: 1 for printable ASCII, newline and tab, the sequence's length for a
/// well-formed multi-byte sequence; nil when the byte there is escaped.
@inline(__always)
private func keptWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    let width = Int(byteClasses.utf8Start[Int(lead)] &- 0x30)
    if width == 1 { return 1 }
    guard width > 1, bytes.count - index >= width else { return nil }
    // The range the second byte must fall in (table 3-7); later bytes are plain continuation bytes.
    let second = bytes[index + 1]
    switch lead {
    case 0xE0: guard second >= 0xA0 && second <= 0xBF else { return nil }
    case 0xED: guard second >= 0x80 && second <= 0x9F else { return nil }
    case 0xF0: guard second >= 0x90 && second <= 0xBF else { return nil }
    case 0xF4: guard second >= 0x80 && second <= 0x8F else { return nil }
    default: guard second & 0xC0 == 0x80 else { return nil }
    }
    for offset in 2..<width where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return width
}

/// Per byte value, as an ASCII digit: `1` kept alone (printable ASCII, newline, tab), `0` escaped (the other C0
/// controls, continuation bytes, C0, C1, F5...FF), `2`...`4` the lead of a sequence that long.
private let byteClasses: StaticString = """
    0000000001100000\
    0000000000000000\
    1111111111111111\
    1111111111111111\
    1111111111111111\
    1111111111111111\
    1111111111111111\
    1111111111111111\
    0000000000000000\
    0000000000000000\
    0000000000000000\
    0000000000000000\
    0022222222222222\
    2222222222222222\
    3333333333333333\
    4444400000000000
    """

private let hexDigits: StaticString = "0123456789abcdef"
