// Sources/Reporting/ConformanceSummary.swift - The summary table `xds conformance` prints

import ConformanceModel
import ReportFormatting

/// A terminal rendering of the counts, within 80 columns: a line naming each implementation, under it one row
/// per adapter call it answered (decode and encode counted apart, and the encoder's `#canonical` byte checks
/// apart from its `#encode` value checks), one count column per outcome headed by its glyph, and a legend
/// naming the glyphs' outcomes.
public enum ConformanceSummary {
    /// The columns the legend wraps at.
    static let width = 80

    /// The summary's lines, without line breaks. Implementation names are printed as given: the caller escapes
    /// each line (`TerminalText`), and since a name stands on a line of its own, escaping moves no column.
    public static func lines(_ report: ConformanceReport) -> [String] {
        let outcomes = Outcome.allCases
        var table = TextTable(
            headers: ["", "cases"] + outcomes.map(\.glyph), rightAligned: Set(1..<(2 + outcomes.count)))
        // Which implementation's name goes above which table row.
        var names: [Int: [String]] = [:]
        for run in report.runs {
            let rows = ConformanceMatrix.summaryRows([run])
            guard !rows.isEmpty else { continue }
            names[table.rows.count, default: []].append(run.implementation.name)
            for row in rows { table.append(["  " + row.check.label, String(row.total)] + row.countCells) }
        }
        let rendered = table.render().split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        var lines = Array(rendered.prefix(2))
        for (index, line) in rendered.dropFirst(2).enumerated() {
            lines += names[index] ?? []
            lines.append(line)
        }
        return lines + [""] + legend()
    }

    /// The lines joined, each ending with a newline.
    public static func text(_ report: ConformanceReport) -> String {
        lines(report).map { $0 + "\n" }.joined()
    }

    /// `glyph outcome` for every outcome, wrapped at `width` columns.
    static func legend() -> [String] {
        var lines: [String] = []
        var line = ""
        for label in Outcome.allCases.map(\.label) {
            if !line.isEmpty && line.count + 2 + label.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : "  ") + label
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
