// Sources/Reporting/ConformanceSummary.swift - The summary table `xds conformance` prints

import ConformanceModel
import ReportFormatting

/// A terminal rendering of the counts, within 80 columns: a line naming each implementation, under it one row
/// per adapter call it answered (decode and encode counted apart), one count column per outcome headed by its
/// glyph, and a legend naming the glyphs' outcomes.
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
            let rows = callRows(run)
            guard !rows.isEmpty else { continue }
            names[table.rows.count, default: []].append(run.implementation.name)
            for row in rows {
                table.append(["  " + row.call.rawValue, String(row.total)] + outcomes.map { row.cell($0) })
            }
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

    /// One implementation's outcome counts for one call.
    struct CallRow {
        var call: AdapterCall
        var counts: [Outcome: Int]
        var total: Int

        func cell(_ outcome: Outcome) -> String { counts[outcome].map(String.init) ?? "" }
    }

    /// `run`'s rows in `AdapterCall` order; a call the implementation does not have at all (every result n/a)
    /// is left out, as `ConformanceMatrix.summaryRows` leaves out such an area.
    static func callRows(_ run: ImplementationRun) -> [CallRow] {
        var counts: [AdapterCall: [Outcome: Int]] = [:]
        for result in run.results {
            guard let call = result.call else { continue }
            counts[call, default: [:]][result.outcome, default: 0] += 1
        }
        return AdapterCall.allCases.compactMap { call -> CallRow? in
            guard let counts = counts[call] else { return nil }
            let total = counts.values.reduce(0, +)
            guard total > 0, counts[.notApplicable] != total else { return nil }
            return CallRow(call: call, counts: counts, total: total)
        }
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
