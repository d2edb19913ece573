// Tests/ReportingTests/ConformanceRenderingTests.swift - JSON, Markdown, HTML and JUnit renderings of one report

import ConformanceModel
import Foundation
import ReportFormatting
import Reporting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct ConformanceRenderingTests {
    let report = SyntheticReport.report

    @Test func jsonRoundTripsAndIsByteStable() throws {
        let bytes = ConformanceJSON.encode(report)
        #expect(try ConformanceJSON.decode(bytes) == report)
        #expect(ConformanceJSON.encode(try ConformanceJSON.decode(bytes)) == bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        let actual = try #require(text.range(of: "\"actual\""))
        let area = try #require(text.range(of: "\"area\""))
        #expect(actual.lowerBound < area.lowerBound, "keys are sorted")
    }

    @Test func jsonRejectsWhatIsNotAReport() {
        let error = #expect(throws: ReportError.self) { try ConformanceJSON.decode(Array("{\"runs\":1}".utf8)) }
        #expect(error?.path == "conformance.json")
    }

    @Test func markdownHasProvenanceCountsAndEveryDeviation() {
        let markdown = ConformanceMarkdown.render(report)
        for field in ["suite version", "vector digest", "kernel", "filesystem", "command", "ab12", "tmpfs"] {
            #expect(markdown.contains(field), "\(field)")
        }
        for outcome in Outcome.allCases { #expect(markdown.contains(outcome.glyph), "\(outcome)") }
        // libplist: should-have-accepted b, should-have-rejected c; adapter: wrong-value b, crash c.
        let deviations = ConformanceMarkdown.implementationPages(report).map(\.1).joined()
        #expect(deviations.components(separatedBy: "| plist/valid/b | required |").count - 1 == 2)
        #expect(deviations.components(separatedBy: "| plist/invalid/c | required |").count - 1 == 2)
        #expect(deviations.contains("☠ crash (signal)"), "the crash kind beside the outcome")
        #expect(deviations.contains("No deviations."), "the reference has none")
        #expect(!deviations.contains("<script>"))
        #expect(deviations.contains("&lt;script&gt;"))
    }

    /// `--name` is the adapter's name in the heading's code span: a backtick, a line break or raw HTML in
    /// it must stay inside the span (CommonMark: a code span ends only at a backtick run of its length).
    @Test(arguments: ["x` <img src=x onerror=alert(1)> `", "``a```", "`", "a\n<img onerror=x>", " x "])
    func adapterNameCannotLeaveTheHeadingCodeSpan(name: String) {
        var hostile = report
        hostile.runs[2].implementation.name = name
        let markdown = ConformanceMarkdown.implementationPages(hostile).map(\.1).joined()
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("# ") && $0.contains("Adapter") }
        #expect(headings.count == 1, "the heading stays one line")
        guard let heading = headings.first, let open = heading.firstIndex(of: "(") else { return }
        // Parse the span as CommonMark does: the opening fence's run length closes it.
        let afterParen = heading[heading.index(after: open)...]
        let fence = afterParen.prefix { $0 == "`" }
        #expect(fence.count >= 1)
        let rest = afterParen.dropFirst(fence.count)
        guard let close = rest.range(of: String(fence)) else {
            Issue.record("no closing fence in \(heading)")
            return
        }
        #expect(rest[close.upperBound...] == ")", "nothing after the span but the parenthesis: \(heading)")
        #expect(!rest[close.upperBound...].contains("`"))
        // The fence is longer than any backtick run inside, so the first match is the real end.
        let inside = rest[..<close.lowerBound]
        #expect(!inside.contains(String(fence)))
        #expect(MarkdownTable.codeSpan(name).hasPrefix(String(fence)))
    }

    @Test func markdownCountsEachImplementationPerCall() {
        let markdown = ConformanceMarkdown.render(report)
        #expect(markdown.contains("| implementation | call | cases |"))
        #expect(markdown.contains("| reference | decode | 4 |"))
        #expect(markdown.contains("| evil&lt;&amp;&gt; | select-icon | 1 |"))
        #expect(!markdown.contains("| libplist | select-icon |"), "a call that is all n/a is left out")
    }

    /// As in the terminal summary, `#encode` and `#canonical` cases are counted in rows of their own in the
    /// Markdown summary: a writer's non-canonical bytes do not hide among its value checks. (The HTML page
    /// opens with the scorecard instead; its matrix's outcome filter selects `non-canonical` cases.)
    @Test func markdownCountsEncodeAndCanonicalApart() {
        var report = self.report
        report.runs[0].results += [
            SyntheticReport.result("plist/valid/a#encode", .plist, .valid, .pass),
            SyntheticReport.result("plist/valid/b#encode", .plist, .valid, .pass),
            SyntheticReport.result("plist/valid/a#canonical", .plist, .valid, .nonCanonical),
        ]
        let markdown = ConformanceMarkdown.render(report)
        #expect(markdown.contains("| reference | encode | 2 |"))
        #expect(markdown.contains("| reference | canonical | 1 |"))
    }

    @Test func htmlHasLegendColumnsGlyphsAndColours() {
        let html = SyntheticReport.allHTML(report)
        #expect(html.contains("<section id=\"legend\">"))
        for outcome in Outcome.allCases {
            #expect(html.contains(outcome.glyph), "\(outcome) glyph")
            #expect(html.contains("background:\(outcome.colour)"), "\(outcome) colour")
            #expect(html.contains(outcome.meaning), "\(outcome) legend text")
        }
        for info in report.runs.map(\.implementation) {
            #expect(html.contains("<th class=\"impl\" data-impl=\"\(Escaping.html(info.name))\""), "\(info.name)")
            #expect(html.contains(Escaping.html(info.title)))
        }
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("<sup>k</sup> known failure: the implementation's known-failure list"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("\\x01"), "control characters in output are shown, not emitted")
        #expect(!html.contains("http://") && !html.contains("https://"), "no network")
    }

    @Test func everyHTMLLinkHasItsTarget() throws {
        var pages = ["conformance.html": ConformanceHTML.render(report)]
        for (name, page) in ConformanceHTML.detailPages(report) { pages[name] = page }
        #expect(pages.keys.sorted() == ["conformance-icons.html", "conformance-plist.html", "conformance.html"])
        var cellLinks = 0
        for (name, page) in pages {
            for link in matches(of: "href=\"", in: page) where !link.hasPrefix("#f:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? name : parts[0]
                let target = try #require(pages[file], "\(name): link to a missing page \(link)")
                if parts.count > 1 { #expect(target.contains("id=\"\(parts[1])\""), "\(name): dangling \(link)") }
                if name == "conformance.html" && parts.count > 1 && parts[1].hasPrefix("r-") { cellLinks += 1 }
            }
        }
        // Every cell with something to show links to it (3 implementations × 5 cases, n/a excluded), except a
        // pass with nothing on standard error: its output is left to conformance.json.
        let quiet = report.runs.flatMap(\.results).filter {
            ($0.outcome == .pass && $0.diagnostics.isEmpty) || $0.outcome == .notApplicable
        }
        #expect(cellLinks == 15 - quiet.count)
    }

    @Test func matrixRowsCarryWhatTheFiltersNeed() {
        let html = ConformanceHTML.render(report)
        for key in ["impl", "outcome", "sev", "hazard", "area"] { #expect(html.contains("<select id=\"f-\(key)\">")) }
        #expect(html.contains("<script>"), "the filters' inline script")
        #expect(html.contains("data-a=\"plist\"") && html.contains("data-a=\"icons\""))
        #expect(html.contains("data-d=\"1\""), "rows where implementations differ are marked")
        #expect(html.contains("position: sticky"))
    }

    @Test func htmlShowsVectorBytesEscapedFromTheVectorsRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reporting-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("plist/valid")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data([0x62, 0x70, 0x3C, 0xFF, 0x26]).write(to: directory.appendingPathComponent("a.bplist"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("a.json"))
        let html = SyntheticReport.allHTML(report, vectors: VectorLibrary(root: root.path))
        #expect(html.contains("bp&lt;\\xFF&amp;"))
        #expect(html.contains("input, 5 bytes"))
        #expect(html.contains("vector file not found"), "b has no file")
    }

    @Test func junitIsWellFormedAndCountsOutcomes() throws {
        let run = report.runs[2]
        let xml = JUnitXML.render(run, provenance: report.provenance)
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(xml.contains("tests=\"4\" failures=\"0\" errors=\"1\" skipped=\"1\""), "plist: crash + known failure")
        #expect(xml.contains("signal 11"))
        let libplist = JUnitXML.render(report.runs[1], provenance: report.provenance)
        #expect(libplist.contains("failures=\"2\" errors=\"0\" skipped=\"0\""))
        #expect(XMLParser(data: Data(libplist.utf8)).parse())
    }

    @Test func writesEveryFileAndReadsTheJSONBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try ReportFiles.write(report, to: directory.path, junitFor: ["evil<&>"])
        // JSON, Markdown and a file per implementation, HTML and a file per area (plist, icons), the picture, JUnit.
        #expect(written.count == 10)
        #expect(written.last?.hasSuffix("junit-evil_3c_26_3e.xml") == true)
        #expect(try ReportFiles.read(from: directory.path) == report)
    }

    /// Per implementation a line with its name, then a row per call (decode and encode counted apart, the
    /// `#canonical` byte checks in a row of their own after `#encode`'s, each outcome in its column), within 80
    /// columns, and a legend naming every glyph's outcome.
    @Test func summaryHasARowPerImplementationAndCall() throws {
        var report = self.report
        report.runs[0].results += [
            SyntheticReport.result("plist/valid/a#encode", .plist, .valid, .pass),
            SyntheticReport.result("plist/valid/b#encode", .plist, .valid, .wrongValue),
            SyntheticReport.result("plist/valid/a#canonical", .plist, .valid, .nonCanonical),
            SyntheticReport.result("attribute/valid/f", .attribute, .valid, .pass),
            SyntheticReport.result("attribute/valid/f#write", .attribute, .valid, .crash),
        ]
        report.runs[2].implementation.name = "evil\nline"
        let lines = ConformanceSummary.lines(report)
        for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        // Header and rule; reference and 6 rows (5 calls, encode's two checks apart); libplist and decode (its
        // icons are all n/a, left out); the adapter and 2 calls; a blank line and the legend.
        let legendStart = try #require(lines.firstIndex(of: ""))
        #expect(legendStart == 2 + 7 + 2 + 3)
        #expect(lines[2] == "reference" && lines[9] == "libplist" && lines[11] == "evil\nline")
        let columns = ["", "cases"] + Outcome.allCases.map(\.glyph)
        #expect(lines[0].split(separator: " ").map(String.init) == Array(columns.dropFirst()))
        func cells(_ line: String) -> [String] {
            // Right-aligned counts: cut the row where the header's columns end.
            let header = Array(lines[0])
            var ends: [Int] = []
            for index in header.indices
            where header[index] != " " && (index + 1 == header.count || header[index + 1] == " ") {
                ends.append(index + 1)
            }
            let row = Array(line)
            var result: [String] = []
            var start = ends[0] - "cases".count
            result.append(String(row[0..<min(start, row.count)]).trimmingCharacters(in: .whitespaces))
            for end in ends {
                let cell = start < row.count ? String(row[start..<min(end, row.count)]) : ""
                result.append(cell.trimmingCharacters(in: .whitespaces))
                start = end
            }
            return result
        }
        func row(_ call: String, _ counts: [Outcome: Int], total: Int) -> [String] {
            [call, String(total)] + Outcome.allCases.map { counts[$0].map(String.init) ?? "" }
        }
        #expect(cells(lines[3]) == row("decode", [.pass: 3, .implementationDefinedAccepted: 1], total: 4))
        #expect(cells(lines[4]) == row("encode", [.pass: 1, .wrongValue: 1], total: 2))
        #expect(cells(lines[5]) == row("canonical", [.nonCanonical: 1], total: 1))
        #expect(cells(lines[6]) == row("read-attribute", [.pass: 1], total: 1))
        #expect(cells(lines[7]) == row("write-attribute", [.crash: 1], total: 1))
        #expect(cells(lines[8]) == row("select-icon", [.pass: 1], total: 1))
        #expect(
            cells(lines[10])
                == row(
                    "decode",
                    [.pass: 1, .shouldHaveAccepted: 1, .shouldHaveRejected: 1, .implementationDefinedRejected: 1],
                    total: 4))
        let legend = lines[(legendStart + 1)...].joined(separator: "  ")
        for outcome in Outcome.allCases { #expect(legend.contains("\(outcome.glyph) \(outcome.rawValue)")) }
        #expect(ConformanceSummary.text(report) == lines.map { $0 + "\n" }.joined())
    }

    private func matches(of prefix: String, in text: String) -> [String] {
        text.components(separatedBy: prefix).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }
}

@Suite struct PeerReportRenderingTests {
    @Test func notesAndNotInstalledPeersAreShown() {
        var report = SyntheticReport.report
        report.runs[1].implementation.note = "one call; rejected = NULL <result>"
        report.notInstalled = [
            NotInstalledImplementation(name: "rust-plist", reason: "not installed (run `make peers`)")
        ]
        let markdown = ConformanceMarkdown.render(report)
        #expect(markdown.contains("`libplist`: one call; rejected = NULL &lt;result&gt;"))
        #expect(markdown.contains("`rust-plist`: not installed"))
        let html = ConformanceHTML.render(report)
        #expect(html.contains("rejected = NULL &lt;result&gt;"))
        #expect(html.contains("id=\"not-installed\""))
        let json = ConformanceJSON.encode(report)
        #expect((try? ConformanceJSON.decode(json)) == report)
    }
}
