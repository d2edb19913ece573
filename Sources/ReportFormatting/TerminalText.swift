// Sources/ReportFormatting/TerminalText.swift - Untrusted text and bytes made safe to print and to report, one rule

/// The one escaping rule for every text `xds` prints or reports that it did not write itself: `xds read`,
/// `validate`, messages and paths on the terminal, and an adapter's output and standard error in the conformance
/// reports (Docs/guarantees.md, "How untrusted text is printed").
///
/// Printed as is: printable characters, including non-ASCII letters. Escaped so that they are seen
/// and never act on the terminal:
/// - C0 controls (including ESC, CR, LF, TAB) and DEL: `\xNN` (two upper-case hex digits); in multi-line text
///   (`keepingLineBreaks`, an adapter's standard error in a report) LF and TAB stay as they are;
/// - C1 controls (U+0080–U+009F) and the bidirectional formatting characters (U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069), which reorder what a reader sees: `\u{NNNN}`;
/// - a backslash: `\\`, so every escape above reads one way only, and literal `\x41` text prints as `\\x41`;
/// - bytes that are not UTF-8 (in paths and adapter output): `\xNN`, always `\x80` or above, so a `\xNN` of 80
///   or above is an undecodable byte and nothing else.
///
/// Text is escaped once, where it stops being bytes or untrusted text: escaping escaped text again doubles every
/// backslash. Text that the rule already escaped (report text) goes through `spellingControls`, which leaves it
/// as it is but for the line breaks a one-line context must not keep.
public enum TerminalText {
    /// `text` with every character that can act on a terminal or hide what follows it escaped.
    /// - Parameter keepingLineBreaks: LF and TAB stay as they are (multi-line text whose lines the caller keeps).
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var text = text
        return text.withUTF8 { escapedUTF8($0, markersAreBytes: true, keepingLineBreaks: keepingLineBreaks) }
    }

    /// Bytes (an adapter's output, a file's contents) escaped by the rule: valid UTF-8 is decoded, each byte that
    /// is not part of valid UTF-8 becomes `\xNN`. At most `limit` bytes are shown; past them `… (N more bytes)`.
    public static func escaped(
        bytes: some Collection<UInt8>, limit: Int = .max, keepingLineBreaks: Bool = false
    ) -> String {
        let shown = Array(bytes.prefix(max(limit, 0)))
        var result = shown.withUnsafeBufferPointer {
            escapedUTF8($0, markersAreBytes: false, keepingLineBreaks: keepingLineBreaks)
        }
        let rest = bytes.count - shown.count
        if rest > 0 { result += "… (\(rest) more bytes)" }
        return result
    }

    /// Text the rule escaped with line breaks kept (report text), with every control character still in it
    /// spelled as the rule spells it (LF `\x0A`, TAB `\x09`); backslashes are left alone, since they are
    /// escapes already. On text the rule escaped this changes the kept line breaks and nothing else.
    /// - Parameter keepingLineBreaks: LF and TAB stay (a multi-line rendering such as an HTML `<pre>`).
    public static func spellingControls(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if keepingLineBreaks && (scalar == "\n" || scalar == "\t") {
                result.unicodeScalars.append(scalar)
            } else if value < 0x20 || value == 0x7F {
                result += "\\x" + hex(value, width: 2)
            } else if (0x80...0x9F).contains(value) || isBidiControl(value) {
                result += "\\u{" + hex(value, width: 4) + "}"
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
            let length = all.withUnsafeBufferPointer { validSequenceLength($0, at: index) }
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

    /// The rule over UTF-8 bytes in one pass: kept runs copied, each escape written once.
    /// - Parameter markersAreBytes: a marker scalar (`displayString(bytes:)`) prints as the byte it stands for;
    ///   in raw bytes it is a private-use character like any other and printed as `\u{NNNNNN}`.
    static func escapedUTF8(
        _ bytes: UnsafeBufferPointer<UInt8>, markersAreBytes: Bool, keepingLineBreaks: Bool
    ) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x5C {
                    out += [0x5C, 0x5C]
                } else if (byte < 0x20 || byte == 0x7F) && !(keepingLineBreaks && (byte == 0x0A || byte == 0x09)) {
                    appendEscape(byte: byte, to: &out)
                } else {
                    out.append(byte)
                }
                index += 1
                continue
            }
            let length = validSequenceLength(bytes, at: index)
            guard length > 0 else {
                appendEscape(byte: byte, to: &out)
                index += 1
                continue
            }
            let value = scalarValue(bytes, at: index, length: length)
            if (0x80...0x9F).contains(value) || isBidiControl(value) || (!markersAreBytes && isMarker(value)) {
                out += Array(("\\u{" + hex(value, width: 4) + "}").utf8)
            } else if markersAreBytes, let marked = undecodableByte(value) {
                appendEscape(byte: marked, to: &out)
            } else {
                out += bytes[index..<index + length]
            }
            index += length
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isMarker(_ value: UInt32) -> Bool { undecodableByte(value) != nil }

    /// `\xNN`, upper-case.
    static func appendEscape(byte: UInt8, to out: inout [UInt8]) {
        out += [0x5C, 0x78, upperHexDigits[Int(byte >> 4)], upperHexDigits[Int(byte & 0xF)]]
    }

    static let upperHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The scalar value of the well-formed sequence of `length` bytes at `index`.
    static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        let leadMask: UInt8 = length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07
        var value = UInt32(bytes[index] & leadMask)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (Unicode Table 3-7), or 0.
    static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
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
