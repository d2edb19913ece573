// Tests/ReportingTests/ReadmePictureTests.swift - README's reading of the results picture matches the committed run

import ConformanceModel
import Foundation
import Reporting
import Testing

/// README.md opens with `Reports/matrix.png` and a paragraph that reads it in numbers. `make matrix` regenerates
/// the picture; this test makes sure the paragraph is regenerated with it, by holding its counts against
/// the committed `Reports/conformance.json` laid out as the picture is.
@Suite struct ReadmePictureTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The first number in `text` after `prefix`, or nil.
    private func number(after prefix: String, in text: String) -> Int? {
        guard let range = text.range(of: prefix) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func theParagraphCountsAreThoseOfTheCommittedRun() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let bytes = try Data(contentsOf: Self.root.appendingPathComponent("Reports/conformance.json"))
        let report = try ConformanceJSON.decode(Array(bytes))
        let grid = ResultsPictureLayout.grid(report)
        let footer = try #require(grid.footer.first)
        let shown = try #require(Int(footer.prefix { $0.isNumber }))
        let allPass = try #require(number(after: "left out: ", in: footer))
        let agreeing = number(after: "passes, ", in: footer) ?? 0

        #expect(number(after: "Conformance results: ", in: readme) == report.runs.count, "implementations")
        #expect(number(after: "across, the ", in: readme) == shown, "cases drawn")
        #expect(number(after: "agree (", in: readme) == allPass, "all-pass cases left out")
        #expect(number(after: "passes and ", in: readme) == agreeing, "cases where all agree on another outcome")
    }
}
