// Tests/XDSEndToEndTests/TerminalTextTests.swift - The one escaping rule for human-readable output

import TerminalText
import Testing
import XAttr

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain text, ünïcödé ✓", "plain text, ünïcödé ✓"),
        ("a\u{1B}[2Jb", #"a\x1B[2Jb"#),
        ("line\r\nforged: yes", #"line\x0D\x0Aforged: yes"#),
        ("tab\there", #"tab\x09here"#),
        ("del\u{7F} c1\u{85}\u{9B}", #"del\x7F c1\x85\x9B"#),
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

    @Test func aValidPathDisplaysAsItself() {
        #expect(BytePath("/tmp/a b/ç").description == "/tmp/a b/ç")
    }
}
