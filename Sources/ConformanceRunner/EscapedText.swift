// Sources/ConformanceRunner/EscapedText.swift - An adapter's output bytes as report text

/// Renders bytes for a report: valid UTF-8 stays text, other bytes become `\xNN`; at most `limit` bytes.
public func escapedText(_ bytes: [UInt8], limit: Int = 2048) -> String {
    let shown = Array(bytes.prefix(limit))
    var text = ""
    var index = 0
    while index < shown.count {
        var decoder = UTF8()
        var iterator = shown[index...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let width = String(scalar).utf8.count
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
                text += "\\x" + hexByte(UInt8(scalar.value))
            } else {
                text.unicodeScalars.append(scalar)
            }
            index += width
        } else {
            text += "\\x" + hexByte(shown[index])
            index += 1
        }
    }
    if bytes.count > limit { text += "… (\(bytes.count - limit) more bytes)" }
    return text
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xf)]])
}
