// Sources/Reporting/Scorecard.swift - One row per implementation: deviations by severity, pass rate per area

import ConformanceModel

/// Cases judged (not `n/a`) in one area and those that did not deviate.
public struct AreaTally: Hashable, Sendable {
    public var judged = 0
    public var passed = 0
}

/// One implementation's line of the scorecard that opens every conformance report.
public struct ScorecardRow: Hashable, Sendable {
    public var implementation: ImplementationInfo
    /// Deviating results per class (`VectorResult.severity`); a class with none is absent.
    public var severities: [Severity: Int]
    /// Per area the implementation has a call for: results judged (not `n/a`) and those that did not deviate.
    public var areas: [VectorArea: AreaTally]

    /// The count of `severity`, zero when none.
    public func count(_ severity: Severity) -> Int { severities[severity] ?? 0 }

    /// `97.4%`, or nil when the implementation has no judged case in `area`.
    public func passRate(_ area: VectorArea) -> String? {
        guard let entry = areas[area], entry.judged > 0 else { return nil }
        let tenths = (entry.passed * 1000 + entry.judged / 2) / entry.judged
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

/// The scorecard: counts of the report, arranged; judges nothing (`VectorResult.severity` does).
public enum Scorecard {
    /// The severity columns, worst first.
    public static let columns = Severity.allCases

    /// One row per run, in report order.
    public static func rows(_ report: ConformanceReport) -> [ScorecardRow] {
        report.runs.map { run in
            var severities: [Severity: Int] = [:]
            var areas: [VectorArea: AreaTally] = [:]
            for result in run.results where result.outcome != .notApplicable && result.area != .fs {
                let severity = result.severity
                if let severity { severities[severity, default: 0] += 1 }
                areas[result.area, default: AreaTally()].judged += 1
                if !result.outcome.isDeviation { areas[result.area, default: AreaTally()].passed += 1 }
            }
            return ScorecardRow(implementation: run.implementation, severities: severities, areas: areas)
        }
    }

    /// The areas any run has a judged case in, in `VectorArea` order.
    public static func areas(_ rows: [ScorecardRow]) -> [VectorArea] {
        VectorArea.allCases.filter { area in rows.contains { $0.areas[area] != nil } }
    }
}
