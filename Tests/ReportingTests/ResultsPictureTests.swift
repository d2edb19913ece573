// Tests/ReportingTests/ResultsPictureTests.swift - The results picture: pruned rows, counts, SVG and PNG

import ConformanceModel
import Foundation
import Reporting
import Testing

@Suite struct ResultsPictureTests {
    @Test func onlyCasesWhereImplementationsDifferAreDrawnAndTheRestCounted() {
        var report = SyntheticReport.report
        for index in report.runs.indices {
            report.runs[index].results.append(SyntheticReport.result("plist/valid/same", .plist, .valid, .pass))
        }
        let grid = ResultsPictureLayout.grid(report)
        let labels = grid.groups.flatMap(\.rows).map(\.label)
        #expect(!labels.contains("plist/valid/same"), "an all-pass case is left out")
        for row in ConformanceMatrix(report).rows {
            let judged = Set(row.signature.filter { $0 != .notApplicable })
            #expect(labels.contains(row.first.caseID) == (judged.count > 1), "\(row.first.caseID)")
        }
        #expect(grid.footer.first?.contains("every implementation passes") == true)
        #expect(grid.columns == report.runs.map(\.implementation.name))
        for row in grid.groups.flatMap(\.rows) { #expect(row.cells.count == report.runs.count) }
    }

    @Test func theHTMLHasTheSVGAndThePNGIsAPNG() throws {
        let grid = ResultsPictureLayout.grid(SyntheticReport.report)
        let html = ConformanceHTML.render(SyntheticReport.report)
        #expect(html.contains("<section id=\"picture\">") && html.contains("<svg "))
        let png = try PicturePNG.render(grid)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The IHDR's width and height are the grid's.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == grid.size.width && height == grid.size.height)
    }
}

@Suite struct ScorecardTests {
    @Test func markdownScorecardLinksEachCountToItsGroupInTheImplementationsFile() {
        let markdown = ConformanceMarkdown.render(SyntheticReport.report)
        let scorecard = markdown.components(separatedBy: "## Scorecard").dropFirst().first ?? ""
        #expect(scorecard.contains("| [evil&lt;&amp;&gt;](conformance-evil_3c_26_3e.md) |"))
        #expect(scorecard.contains("[1](conformance-evil_3c_26_3e.md#memory-safety-crash)"), "signal 11")
        let page = ConformanceMarkdown.implementationPages(SyntheticReport.report).first { $0.0.contains("evil") }
        #expect(page?.1.contains("<a id=\"memory-safety-crash\"></a>") == true)
    }

    @Test func htmlScorecardComesFirstAndLinksToTheFilteredMatrix() throws {
        let html = ConformanceHTML.render(SyntheticReport.report)
        let scorecard = try #require(html.range(of: "<section id=\"scorecard\">"))
        #expect(html.range(of: "<section ")?.lowerBound == scorecard.lowerBound)
        #expect(html.contains("href=\"#f:impl=3&amp;sev=s0\">1</a>"), "the adapter's signal crash")
    }
}
