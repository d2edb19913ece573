// Sources/Reporting/ConformanceMatrix.swift - The report arranged for display: cases × implementations, groups, counts

import ConformanceModel

/// One row of the matrix: a case and every implementation's result for it.
public struct MatrixRow: Hashable, Sendable {
    /// The case (first result found for it, which carries area, group, level, expected).
    public var first: VectorResult
    /// One entry per implementation column, `nil` where that implementation has no result.
    public var results: [VectorResult?]

    /// The outcome per column; a missing result shows as `n/a`.
    public var signature: [Outcome] { results.map { $0?.outcome ?? .notApplicable } }
}

/// Rows with the same outcome in every column.
public struct MatrixGroup: Hashable, Sendable {
    /// The shared outcomes, one per implementation column.
    public var signature: [Outcome]
    /// The rows, in report order.
    public var rows: [MatrixRow]
}

/// The report's results arranged by case and implementation. Arranges; judges nothing.
public struct ConformanceMatrix: Sendable {
    /// The implementation columns, in report order.
    public var implementations: [ImplementationInfo]
    /// Every case, in the order first met (run by run).
    public var rows: [MatrixRow]

    /// Arranges `report`.
    public init(_ report: ConformanceReport) {
        implementations = report.runs.map(\.implementation)
        var order: [String] = []
        var byCase: [String: MatrixRow] = [:]
        for (column, run) in report.runs.enumerated() {
            for result in run.results {
                if byCase[result.caseID] == nil {
                    order.append(result.caseID)
                    byCase[result.caseID] = MatrixRow(
                        first: result, results: Array(repeating: nil, count: report.runs.count))
                }
                if byCase[result.caseID]?.results[column] == nil { byCase[result.caseID]?.results[column] = result }
            }
        }
        rows = order.compactMap { byCase[$0] }
    }

    /// The areas present, in `VectorArea` order.
    public var areas: [VectorArea] {
        VectorArea.allCases.filter { area in rows.contains { $0.first.area == area } }
    }

    /// The rows of `area` grouped by signature; worst groups first (by their worst outcome, then size).
    public func groups(in area: VectorArea) -> [MatrixGroup] {
        var order: [[Outcome]] = []
        var members: [[Outcome]: [MatrixRow]] = [:]
        for row in rows where row.first.area == area {
            let signature = row.signature
            if members[signature] == nil { order.append(signature) }
            members[signature, default: []].append(row)
        }
        let groups = order.map { MatrixGroup(signature: $0, rows: members[$0] ?? []) }
        return groups.enumerated().sorted { lhs, rhs in
            let left = lhs.element.signature.min() ?? .pass
            let right = rhs.element.signature.min() ?? .pass
            if left != right { return left < right }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The implementation × call rows every summary (terminal, Markdown, HTML) lists, in run then
    /// `SummaryCheck.all` order, with their counts. A call the implementation does not have at all (every
    /// result n/a) is left out, not listed as all n/a.
    public static func summaryRows(_ runs: [ImplementationRun]) -> [SummaryRow] {
        runs.flatMap { run in
            var counts: [SummaryCheck: [Outcome: Int]] = [:]
            for result in run.results {
                guard let check = SummaryCheck(result) else { continue }
                counts[check, default: [:]][result.outcome, default: 0] += 1
            }
            return SummaryCheck.all.compactMap { check -> SummaryRow? in
                guard let counts = counts[check] else { return nil }
                let total = counts.values.reduce(0, +)
                guard total > 0, counts[.notApplicable] != total else { return nil }
                return SummaryRow(implementation: run.implementation, check: check, counts: counts, total: total)
            }
        }
    }
}

/// One implementation's outcome counts for one call (`SummaryCheck`).
public struct SummaryRow: Hashable, Sendable {
    public var implementation: ImplementationInfo
    public var check: SummaryCheck
    public var counts: [Outcome: Int]
    public var total: Int

    /// The count cells, one per outcome worst first, empty for zero.
    public var countCells: [String] { Outcome.allCases.map { counts[$0].map(String.init) ?? "" } }
}
