// Tests/ReportFormattingTests/EscapingTests.swift - HTML/XML/Markdown escaping and byte display

import ReportFormatting
import Testing

@Suite struct EscapingTests {
    @Test func escapesHTMLSpecialCharacters() {
        #expect(Escaping.html("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
    }

    @Test func htmlAddsOnlyEntitiesToTextTheOneRuleEscaped() {
        let report = TerminalText.escaped(bytes: [0x62, 0x3C, 0xFF, 0x00, 0x0A, 0x5C, 0x26], keepingLineBreaks: true)
        #expect(Escaping.html(report) == #"b&lt;\xFF\x00"# + "\n" + #"\\&amp;"#)
    }

    @Test func makesXMLSafeFromForbiddenControlCharacters() {
        #expect(Escaping.xml("a\u{0}b\u{1B}\n<\u{FFFE}") == #"a\x00b\x1B"# + "\n" + #"&lt;\u{FFFE}"#)
    }

    @Test func markdownSpansAndCellsDoNotEscapeReportTextAgain() {
        let report = TerminalText.escaped(bytes: Array("bad\u{1B}[2J\\x41\n".utf8), keepingLineBreaks: true)
        #expect(MarkdownTable.codeSpan(report) == #"`bad\x1B[2J\\x41\x0A`"#)
        #expect(MarkdownTable.cell(report) == #"bad\\x1B\[2J\\\\x41↵"#)
    }

    @Test func anchorsAreOneToOneAndPlain() {
        let ids = ["plist/valid/a", "plist_valid_a", "plist/valid/a@scale=2", "é", "a_2f"]
        let anchors = ids.map(Escaping.anchor)
        #expect(Set(anchors).count == ids.count)
        for anchor in anchors {
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
            #expect(anchor.allSatisfy { allowed.contains($0) }, "\(anchor)")
        }
    }

    @Test func hexDumpShowsOffsetsBytesAndText() {
        let dump = Escaping.hexDump(Array("bplist00".utf8) + [0xD0] + Array(repeating: 0, count: 8))
        #expect(dump.split(separator: "\n").count == 2)
        #expect(dump.hasPrefix("00000000  62 70 6c 69 73 74 30 30 d0 00 00 00 00 00 00 00  bplist00........"))
        #expect(dump.hasSuffix("00000010  00" + String(repeating: " ", count: 45) + "  ."))
    }

    @Test func markdownCellsCannotBreakTheTable() {
        var table = MarkdownTable(headers: ["a", "b"], alignments: [.left, .right])
        table.append(["x|y", "line1\nline2 <b>"])
        let lines = table.render().split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == "| --- | ---: |")
        #expect(lines[2] == "| x\\|y | line1↵line2 &lt;b&gt; |")
    }

    @Test func textTableAlignsColumns() {
        var table = TextTable(headers: ["name", "n"], rightAligned: [1])
        table.append(["reference", "7"])
        table.append(["x", "100"])
        #expect(table.render() == "name         n\n---------  ---\nreference    7\nx          100\n")
    }
}
