// Sources/Reporting/ConformanceSummary.swift - The summary table `make conformance` prints

import Conformance

/// A terminal rendering of the counts: one line per implementation and area.
public enum ConformanceSummary {
    /// The table; outcome columns show their glyph and name in the header.
    public static func text(_ report: ConformanceReport) -> String {
        let outcomes = Outcome.allCases
        var table = TextTable(
            headers: ["implementation", "area", "cases"] + outcomes.map(\.label),
            rightAligned: Set(2..<(3 + outcomes.count)))
        for run in report.runs {
            for area in VectorArea.allCases {
                let counts = ConformanceMatrix.counts(run, area: area)
                let total = counts.values.reduce(0, +)
                // An area the implementation has no call for at all is left out, not listed as all n/a.
                guard total > 0, counts[.notApplicable] != total else { continue }
                table.append(
                    [run.implementation.name, area.rawValue, String(total)]
                        + outcomes.map { counts[$0].map(String.init) ?? "" })
            }
        }
        return table.render()
    }
}
