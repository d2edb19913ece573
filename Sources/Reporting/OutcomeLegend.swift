// Sources/Reporting/OutcomeLegend.swift - What each outcome means, in words, for legends

import ConformanceModel

extension Outcome {
    /// One sentence for report legends.
    public var meaning: String {
        switch self {
        case .crash: return "crashed: exit status other than 0 or 1, a signal, a timeout or out of memory"
        case .shouldHaveAccepted: return "rejected a valid vector"
        case .shouldHaveRejected: return "accepted an invalid vector"
        case .wrongValue: return "accepted, but produced a different value"
        case .nonCanonical: return "encoded the right value, but not in the canonical bytes the vector pins"
        case .implementationDefinedAccepted: return "implementation-defined vector, accepted"
        case .implementationDefinedRejected: return "implementation-defined vector, rejected"
        case .pass: return "the expected outcome"
        case .notApplicable: return "the implementation has no call for this area"
        }
    }

    /// `glyph name`, e.g. `✗ should-have-accepted`.
    public var label: String { "\(glyph) \(rawValue)" }
}
