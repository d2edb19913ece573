// Sources/Conformance/Summary.swift - The plain-text summary table printed after a run

/// Renders implementations × outcomes counts, then the failing checks, as aligned text.
public enum Summary {
    /// The table: one row per implementation, one column per outcome (n/a last).
    public static func table(_ report: ConformanceReport) -> String {
        let outcomes = Outcome.allCases
        var rows: [[String]] = [["implementation"] + outcomes.map { "\($0.glyph) \($0.rawValue)" }]
        for run in report.runs {
            var counts: [Outcome: Int] = [:]
            for result in run.results { counts[result.outcome, default: 0] += 1 }
            rows.append([run.implementation.name] + outcomes.map { String(counts[$0] ?? 0) })
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell + String(repeating: " ", count: widths[column] - cell.count)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
