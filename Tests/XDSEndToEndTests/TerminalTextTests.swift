// Tests/XDSEndToEndTests/TerminalTextTests.swift - The one escaping rule for human-readable output

import AttributeFiles
import ReportFormatting
import Testing

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain text, ünïcödé ✓", "plain text, ünïcödé ✓"),
        ("a\u{1B}[2Jb", #"a\x1B[2Jb"#),
        ("line\r\nforged: yes", #"line\x0D\x0Aforged: yes"#),
        ("tab\there", #"tab\x09here"#),
        // C1 controls as `\u{NNNN}`: a `\x80` and above is always a byte that is not UTF-8.
        ("del\u{7F} c1\u{85}\u{9B}", #"del\x7F c1\u{0085}\u{009B}"#),
        ("back\\slash", #"back\\slash"#),
        ("rtl\u{202E}gnp.exe \u{2066}i\u{2069} \u{200F}", #"rtl\u{202E}gnp.exe \u{2066}i\u{2069} \u{200F}"#),
        ("nul\u{0}", #"nul\x00"#),
    ])
    func escapesWhatActsOnATerminal(input: String, expected: String) {
        #expect(TerminalText.escaped(input) == expected)
    }

    @Test func bytesThatAreNotUTF8PrintAsHexNeverAsReplacementCharacters() {
        let bad = BytePath(bytes: Array("bad".utf8) + [0xFF, 0xFE] + Array("name".utf8))
        let lookAlike = BytePath("bad\u{FFFD}\u{FFFD}name")
        #expect(TerminalText.escaped(bad.description) == #"bad\xFF\xFEname"#)
        #expect(TerminalText.escaped(lookAlike.description) == "bad\u{FFFD}\u{FFFD}name")
        #expect(bad != lookAlike)
        // Truncated and overlong sequences and surrogates are bytes, not text.
        let mixed = BytePath(bytes: [0xE2, 0x82, 0x41, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xC3, 0xA9])
        #expect(TerminalText.escaped(mixed.description) == #"\xE2\x82A\xC0\xAF\xED\xA0\x80é"#)
    }

    @Test func bytesAndTheirDisplayStringEscapeAlike() {
        // Every one- and two-byte input, and boundary three- and four-byte ones: the byte entry point and the
        // string one (through `displayString`) are the same rule.
        var inputs: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for first in 0...255 {
            for second in [0x00, 0x41, 0x5C, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                inputs.append([UInt8(first), UInt8(second)])
            }
        }
        let edges: [UInt8] = [0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for lead in [0xC2, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5] as [UInt8] {
            for second in edges {
                for third in edges { for fourth in edges { inputs.append([lead, second, third, fourth]) } }
            }
        }
        for bytes in inputs
        where TerminalText.escaped(bytes: bytes) != TerminalText.escaped(TerminalText.displayString(bytes: bytes)) {
            Issue.record("the two entry points differ for \(bytes)")
        }
    }

    @Test func escapesAreDistinguishableFromTheTextTheyLookLike() {
        // An escaped ESC, a literal `\x1B`, an undecodable byte, a C1 control and a literal `\x85` all differ.
        let outputs = [
            TerminalText.escaped(bytes: [0x1B]), TerminalText.escaped(bytes: Array(#"\x1B"#.utf8)),
            TerminalText.escaped(bytes: [0x85]), TerminalText.escaped(bytes: [0xC2, 0x85]),
            TerminalText.escaped(bytes: Array(#"\x85"#.utf8)),
        ]
        #expect(outputs == [#"\x1B"#, #"\\x1B"#, #"\x85"#, #"\u{0085}"#, #"\\x85"#])
        // A private-use character in raw bytes is not a byte marker.
        #expect(TerminalText.escaped(bytes: Array("\u{10FE41}".utf8)) == #"\u{10FE41}"#)
    }

    @Test func linesKeptOnlyWhenAskedAndTheLimitCountsBytes() {
        let bytes = Array("a\tb\r\nc\u{1B}".utf8)
        #expect(TerminalText.escaped(bytes: bytes) == #"a\x09b\x0D\x0Ac\x1B"#)
        #expect(TerminalText.escaped(bytes: bytes, keepingLineBreaks: true) == "a\tb\\x0D\nc\\x1B")
        #expect(TerminalText.escaped(bytes: Array("aé".utf8), limit: 2) == #"a\xC3… (1 more bytes)"#)
        #expect(TerminalText.escaped(bytes: [0x41], limit: 0) == "… (1 more bytes)")
    }

    @Test func spellingControlsChangesEscapedTextOnlyInItsKeptLineBreaks() {
        let raw = Array("bad\u{1B}[2J\\x41\n\u{202E}x\tend".utf8) + [0xFF]
        let report = TerminalText.escaped(bytes: raw, keepingLineBreaks: true)
        #expect(report == "bad\\x1B[2J\\\\x41\n\\u{202E}x\tend\\xFF")
        #expect(TerminalText.spellingControls(report, keepingLineBreaks: true) == report)
        #expect(TerminalText.spellingControls(report) == TerminalText.escaped(bytes: raw))
    }

    @Test func aValidPathDisplaysAsItself() {
        #expect(BytePath("/tmp/a b/ç").description == "/tmp/a b/ç")
    }
}
