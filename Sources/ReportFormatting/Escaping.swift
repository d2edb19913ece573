// Sources/ReportFormatting/Escaping.swift - Making untrusted text and bytes safe and visible in HTML, XML and Markdown

/// Escaping helpers shared by every renderer (conformance, filesystems, fuzz, bench).
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

    /// `text` safe in XML 1.0 text and attributes: entities as in `html(_:)`, and the characters XML 1.0
    /// forbids (C0 controls other than tab, newline, return; U+FFFE, U+FFFF) spelled `\u{XX}`.
    public static func xml(_ text: String) -> String {
        html(visibleControls(text, keepingLineBreaks: true))
    }

    /// Control characters (C0, DEL, C1) spelled `\u{XX}` so they can be seen; tab and newline kept when asked.
    public static func visibleControls(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isBreak = scalar == "\n" || scalar == "\t" || scalar == "\r"
            if (value < 0x20 && !(keepingLineBreaks && isBreak)) || (0x7F...0x9F).contains(value)
                || value == 0xFFFE || value == 0xFFFF
            {
                result += "\\u{" + hex(UInt64(value), width: 2) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Bytes as text: printable ASCII kept, `\` doubled, `\n`/`\t`/`\r` spelled, every other byte `\xNN`.
    public static func bytes(_ bytes: some Collection<UInt8>) -> String {
        var result = ""
        for byte in bytes {
            switch byte {
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x20...0x7E: result.unicodeScalars.append(Unicode.Scalar(byte))
            default: result += "\\x" + hex(UInt64(byte), width: 2)
            }
        }
        return result
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
