// Sources/ConformanceModel/Outcome.swift - The closed vocabulary of results, ordered by severity (Docs/reports.md)

/// What happened when an implementation met a vector.
///
/// Cases are declared from worst to best; `severity` follows that order.
public enum Outcome: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    /// Any exit status other than 0 and 1, a signal, a timeout or running out of memory.
    case crash
    /// A valid vector was rejected.
    case shouldHaveAccepted = "should-have-accepted"
    /// An invalid vector was accepted.
    case shouldHaveRejected = "should-have-rejected"
    /// Accepted, but the value differs from the expected one.
    case wrongValue = "wrong-value"
    /// An `encode` case whose output decodes to the expected value but is not the canonical bytes the vector
    /// pins (tag `canonical`): a layout difference every reader accepts, shown but never failing a run.
    case nonCanonical = "non-canonical"
    /// An implementation-defined vector that the implementation accepted.
    case implementationDefinedAccepted = "implementation-defined-accepted"
    /// An implementation-defined vector that the implementation rejected.
    case implementationDefinedRejected = "implementation-defined-rejected"
    /// The expected outcome.
    case pass
    /// The implementation has no call for this area.
    case notApplicable = "n/a"

    /// 0 is the worst (crash); larger is better.
    public var severity: Int { Outcome.allCases.firstIndex(of: self) ?? 0 }

    /// Whether this outcome is a deviation from what the vector expects.
    public var isDeviation: Bool {
        switch self {
        case .crash, .shouldHaveAccepted, .shouldHaveRejected, .wrongValue: return true
        case .nonCanonical, .implementationDefinedAccepted, .implementationDefinedRejected, .pass, .notApplicable:
            return false
        }
    }

    /// A glyph, so that reports never rely on colour alone.
    public var glyph: String {
        switch self {
        case .crash: return "☠"
        case .shouldHaveAccepted: return "✗"
        case .shouldHaveRejected: return "⚠"
        case .wrongValue: return "≠"
        case .nonCanonical: return "≈"
        case .implementationDefinedAccepted: return "◐"
        case .implementationDefinedRejected: return "◑"
        case .pass: return "✓"
        case .notApplicable: return "–"
        }
    }

    /// The cell colour in HTML reports (CSS hex).
    public var colour: String {
        switch self {
        case .crash: return "#7b1fa2"
        case .shouldHaveAccepted: return "#d32f2f"
        case .shouldHaveRejected: return "#f57c00"
        case .wrongValue: return "#fbc02d"
        case .nonCanonical: return "#c0ca33"
        case .implementationDefinedAccepted: return "#64b5f6"
        case .implementationDefinedRejected: return "#1976d2"
        case .pass: return "#388e3c"
        case .notApplicable: return "#bdbdbd"
        }
    }

    public static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.severity < rhs.severity }
}
