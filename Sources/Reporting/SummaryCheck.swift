// Sources/Reporting/SummaryCheck.swift - What one summary row counts: an adapter call, encode's two checks apart

import ConformanceModel

/// What one row of every summary (terminal, Markdown, HTML) counts: the cases of one adapter call, except that
/// `encode`'s `#canonical` cases (the exact bytes) have a row of their own beside its `#encode` cases (the value),
/// so a writer's `non-canonical` bytes never hide among its value checks.
public enum SummaryCheck: Hashable, Sendable {
    case call(AdapterCall)
    case canonical

    /// Every row in order: the calls in `AdapterCall` order, `canonical` right after `encode`.
    public static let all: [SummaryCheck] = AdapterCall.allCases.flatMap { call in
        call == .encode ? [SummaryCheck.call(call), .canonical] : [.call(call)]
    }

    /// The row's first cell: the call's name, or `canonical`.
    public var label: String {
        switch self {
        case .call(let call): return call.rawValue
        case .canonical: return "canonical"
        }
    }

    /// The row that counts `result`; nil when no adapter call produced it.
    public init?(_ result: VectorResult) {
        guard let call = result.call else { return nil }
        self = call == .encode && result.caseID.hasSuffix("#canonical") ? .canonical : .call(call)
    }
}
