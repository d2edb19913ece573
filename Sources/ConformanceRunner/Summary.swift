// Sources/ConformanceRunner/Summary.swift - The plain-text summary table printed after a run

import ConformanceModel

/// Renders implementations × outcome counts as aligned text; `known` counts deviations on the known-failure list.
public enum Summary {
    static func shortName(_ outcome: Outcome) -> String {
        switch outcome {
        case .shouldHaveAccepted: return "should-accept"
        case .shouldHaveRejected: return "should-reject"
        case .implementationDefinedAccepted: return "id-accepted"
        case .implementationDefinedRejected: return "id-rejected"
        default: return outcome.rawValue
        }
    }

    /// The table: one row per implementation, one column per outcome (n/a last).
    public static func table(_ report: ConformanceReport) -> String {
        let outcomes = Outcome.allCases
        var rows: [[String]] = [["implementation"] + outcomes.map { "\($0.glyph) \(shortName($0))" } + ["known"]]
        for run in report.runs {
            var counts: [Outcome: Int] = [:]
            for result in run.results { counts[result.outcome, default: 0] += 1 }
            let known = run.results.filter { $0.knownFailure != nil }.count
            rows.append([run.implementation.name] + outcomes.map { String(counts[$0] ?? 0) } + [String(known)])
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
