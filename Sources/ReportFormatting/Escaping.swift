// Sources/ReportFormatting/Escaping.swift - Making text safe in HTML and XML; hex dumps and anchors

/// The formats' own escaping, shared by every renderer (conformance, filesystems, fuzz, bench). What makes untrusted
/// text visible (controls, undecodable bytes, backslashes) is the one rule, `TerminalText`: report text is escaped
/// by it once when it is made, and renderers add only their format's syntax.
public enum Escaping {
    /// `text` with `& < > " '` replaced by entities, safe in HTML text and quoted attributes.
    public static func html(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` safe in XML 1.0 text and attributes: entities as in `html(_:)`, control characters spelled by the one
    /// rule (`TerminalText.spellingControls`, line breaks kept), and U+FFFE, U+FFFF, which XML 1.0 forbids, `\u{FFFE}`.
    public static func xml(_ text: String) -> String {
        var result = ""
        for scalar in TerminalText.spellingControls(text, keepingLineBreaks: true).unicodeScalars {
            if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return html(result)
    }

    /// A classic hex dump: offset, 16 bytes in hex, their printable ASCII.
    public static func hexDump(_ bytes: [UInt8]) -> String {
        var lines: [String] = []
        for start in stride(from: 0, to: bytes.count, by: 16) {
            let row = bytes[start..<min(start + 16, bytes.count)]
            let hexes = row.map { hex(UInt64($0), width: 2) }.joined(separator: " ")
            let padded = hexes + String(repeating: " ", count: 47 - hexes.count)
            let text = String(
                String.UnicodeScalarView(row.map { (0x20...0x7E).contains($0) ? Unicode.Scalar($0) : "." }))
            lines.append("\(hex(UInt64(start), width: 8))  \(padded)  \(text)")
        }
        return lines.joined(separator: "\n")
    }

    /// A fragment identifier made only of `[A-Za-z0-9-]`, one-to-one with `text` (others become `_XX`).
    public static func anchor(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "_" + hex(UInt64(byte), width: 2)
            }
        }
        return result
    }

    /// Lower-case hexadecimal, zero-padded to `width` digits.
    public static func hex(_ value: UInt64, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
