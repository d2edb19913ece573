// Sources/Differential/Signature.swift - Which implementations are on which side of one input, and the rule cited

import BinaryPlist

/// One side of a disagreement: the implementations that gave the same answer (for acceptances, equal values).
public struct Side: Codable, Hashable, Sendable {
    /// `accept`, `reject`, `crash (signal)`, …
    public var verdict: String
    /// For acceptances with a value: `value 1`, `value 2`, … numbered in the order the implementations were
    /// selected, so that the same split of the same implementations always reads the same; else nil.
    public var value: String?
    /// The implementations on this side, in selection order.
    public var implementations: [String]

    public init(verdict: String, value: String?, implementations: [String]) {
        self.verdict = verdict
        self.value = value
        self.implementations = implementations
    }

    /// `accept (value 2)` or the verdict alone.
    public var label: String { value.map { "\(verdict) (\($0))" } ?? verdict }
}

/// The shape of one input's answers: its sides and the decoder rule the reference cites when it rejects.
///
/// Two inputs with the same signature are the same disagreement: the same implementations split the same way
/// and the reference gives the same reason. The text form is the clustering key.
public struct Signature: Hashable, Sendable {
    public var sides: [Side]
    /// The category of the reference's rejection (`encoding`, `trailer`, …); nil when it accepts, crashes or was
    /// not selected.
    public var rule: String?

    /// Groups `answers` (in selection order) into sides; implementations without the call are left out.
    /// - Parameter rule: the reference's rejection category, when it rejected.
    public init(_ answers: [(name: String, answer: Answer)], rule: String?) {
        var sides: [Side] = []
        var values: [PropertyListValue] = []
        for (name, answer) in answers where answer != .notApplicable {
            var valueLabel: String?
            if let value = answer.value {
                // Equality of values, not of text: the suite's own comparison.
                let index = values.firstIndex(of: value) ?? values.count
                if index == values.count { values.append(value) }
                valueLabel = "value \(index + 1)"
            }
            if let index = sides.firstIndex(where: { $0.verdict == answer.verdict && $0.value == valueLabel }) {
                sides[index].implementations.append(name)
            } else {
                sides.append(Side(verdict: answer.verdict, value: valueLabel, implementations: [name]))
            }
        }
        // A single value is just "accept": the numbering only tells values apart.
        if values.count == 1 {
            for index in sides.indices where sides[index].value != nil { sides[index].value = nil }
        }
        self.sides = sides
        self.rule = rule
    }

    /// Whether the implementations disagree: more than one side.
    public var isDisagreement: Bool { sides.count > 1 }

    /// `reference, libplist: accept | plistlib: reject | gnustep: crash (signal) ; rule encoding`.
    public var text: String {
        sides.map { $0.implementations.joined(separator: ", ") + ": " + $0.label }.joined(separator: " | ")
            + (rule.map { " ; rule " + $0 } ?? "")
    }
}
