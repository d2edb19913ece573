// Sources/ConformanceRunner/Summary.swift - The plain-text summary table printed after a run

import ConformanceModel

/// Renders implementation × call rows of outcome counts as aligned text: decode and encode (and the attribute
/// reader and writer) are separate rows, so a writer's results never hide among a reader's. Column names are
/// the outcome names of the report's JSON. `known` counts deviations on the known-failure list.
public enum Summary {
    /// The call a case exercises, from its id and area.
    static func call(of result: VectorResult) -> AdapterCall {
        if result.caseID.hasSuffix("#encode") { return .encode }
        if result.caseID.hasSuffix("#write") { return .writeAttribute }
        switch result.area {
        case .plist: return .decode
        case .attribute: return .readAttribute
        case .icons: return .selectIcon
        default: return .decode
        }
    }

    /// The table: one row per implementation and call that ran (rows of only n/a are left out).
    public static func table(_ report: ConformanceReport) -> String {
        let outcomes = Outcome.allCases
        var rows: [[String]] = [["implementation", "call"] + outcomes.map { "\($0.glyph) \($0.rawValue)" } + ["known"]]
        for run in report.runs {
            for call in AdapterCall.allCases {
                let results = run.results.filter { Self.call(of: $0) == call }
                var counts: [Outcome: Int] = [:]
                for result in results { counts[result.outcome, default: 0] += 1 }
                guard !results.isEmpty, counts[.notApplicable] != results.count else { continue }
                let known = results.filter { $0.knownFailure != nil }.count
                rows.append(
                    [run.implementation.name, call.rawValue] + outcomes.map { String(counts[$0] ?? 0) } + [
                        String(known)
                    ])
            }
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column <= 1
                    ? cell + String(repeating: " ", count: widths[column] - cell.count)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
