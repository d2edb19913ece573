// Sources/TerminalText/TerminalText.swift - Untrusted text made safe to print on a terminal, one rule

/// The one escaping rule for human-readable output (`xds read`, `validate`, messages, paths).
///
/// Printed as is: printable characters, including non-ASCII letters. Escaped so that they are seen
/// and never act on the terminal:
/// - C0 controls (including ESC, CR, LF, TAB), DEL and C1 controls: `\xNN` (two hex digits);
/// - the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
///   which reorder what a reader sees: `\u{NNNN}`;
/// - a backslash: `\\`, so every escape above reads one way only;
/// - bytes that are not UTF-8 (in paths, see `displayString(bytes:)`): `\xNN`.
public enum TerminalText {
    /// `text` with every character that can act on a terminal or hide what follows it escaped.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                result += "\\x" + hex(value, width: 2)
            } else if scalar == "\\" {
                result += "\\\\"
            } else if isBidiControl(value) {
                result += "\\u{" + hex(value, width: 4) + "}"
            } else if let byte = undecodableByte(value) {
                result += "\\x" + hex(UInt32(byte), width: 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Bytes (a path, a file name) as a `String` that keeps every byte: valid UTF-8 is decoded, and each
    /// byte that is not part of valid UTF-8 becomes a marker that `escaped(_:)` prints as `\xNN`.
    /// Never U+FFFD: two different byte strings never look the same once escaped.
    public static func displayString(bytes: some Collection<UInt8>) -> String {
        let all = Array(bytes)
        var result = ""
        var index = 0
        while index < all.count {
            let length = validSequenceLength(all, at: index)
            if length > 0 {
                result += String(decoding: all[index..<index + length], as: UTF8.self)
                index += length
            } else {
                result.unicodeScalars.append(marker(all[index]))
                index += 1
            }
        }
        return result
    }

    /// Whether `text` (from `displayString(bytes:)`) stands for bytes that are not UTF-8.
    public static func holdsUndecodableBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains { undecodableByte($0.value) != nil }
    }

    /// The marker scalars stand for undecodable bytes: U+10FE00 + byte, in Supplementary Private Use
    /// Area-B, which no text this tool prints otherwise uses.
    static let markerBase: UInt32 = 0x10FE00

    static func marker(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(markerBase + UInt32(byte)) ?? "?"
    }

    static func undecodableByte(_ value: UInt32) -> UInt8? {
        (markerBase...(markerBase + 0xFF)).contains(value) ? UInt8(value - markerBase) : nil
    }

    static func isBidiControl(_ value: UInt32) -> Bool {
        value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (Unicode Table 3-7), or 0.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
