// Sources/Reporting/ConformanceSummary.swift - The summary table `make conformance` prints

import ConformanceModel
import ReportFormatting

/// A terminal rendering of the counts: one line per implementation and area.
public enum ConformanceSummary {
    /// The table; outcome columns show their glyph and name in the header.
    public static func text(_ report: ConformanceReport) -> String {
        let outcomes = Outcome.allCases
        var table = TextTable(
            headers: ["implementation", "area", "cases"] + outcomes.map(\.label),
            rightAligned: Set(2..<(3 + outcomes.count)))
        for row in ConformanceMatrix.summaryRows(report.runs) {
            table.append([row.implementation.name, row.area.rawValue, String(row.total)] + row.countCells)
        }
        return table.render()
    }
}
