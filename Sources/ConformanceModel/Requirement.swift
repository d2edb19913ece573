// Sources/ConformanceModel/Requirement.swift - One requirement of Docs/spec.md: id, summary, section, key words

/// How strongly a requirement binds, from the strongest BCP 14 key word in its text.
public enum RequirementStrength: String, Hashable, Sendable, Codable, Comparable {
    /// Only MAY / OPTIONAL (or no key word): a permission.
    case may = "MAY"
    /// SHOULD, SHOULD NOT, RECOMMENDED, NOT RECOMMENDED.
    case should = "SHOULD"
    /// MUST, MUST NOT, REQUIRED, SHALL, SHALL NOT.
    case must = "MUST"

    private var rank: Int {
        switch self {
        case .may: return 0
        case .should: return 1
        case .must: return 2
        }
    }

    public static func < (lhs: RequirementStrength, rhs: RequirementStrength) -> Bool { lhs.rank < rhs.rank }
}

/// What goes wrong when a reader deviates from a requirement's `required` vectors: the class a report shows
/// an acceptance of an invalid vector (or a wrong value) in. Written on a requirement's `Hazard:` line.
public enum Hazard: String, Hashable, Sendable, Codable, CaseIterable {
    /// Out-of-range offsets, references, counts and lengths: a reader that accepts them reads outside the data.
    case memorySafety = "memory-safety"
    /// Cycles, nesting, amplification, slow or endless servers: unbounded time or memory.
    case resourceExhaustion = "resource-exhaustion"
    /// A value CoreFoundation (and so the original) reads differently or not at all: wrong values, lost fields.
    case interoperability
    /// Harmless leniency: accepting what the rule excludes, with nothing unsafe following.
    case strictness

    /// For people: `memory safety`, `resource exhaustion`, `wrong value / interop`, `strictness`.
    public var phrase: String {
        switch self {
        case .memorySafety: return "memory safety"
        case .resourceExhaustion: return "resource exhaustion"
        case .interoperability: return "wrong value / interop"
        case .strictness: return "strictness"
        }
    }
}

/// A requirement paragraph: `**[id] Summary.**` then its text, up to the next blank line.
public struct Requirement: Hashable, Sendable {
    /// The id vectors use as their `spec`, e.g. `attribute.fields.string-only`.
    public var id: String
    /// The bold one-line summary after the id, e.g. `Values of other types are ignored.`
    public var summary: String
    /// The number of the section the paragraph is in, e.g. `2.4` (`A` for an appendix).
    public var section: String
    /// That section's title.
    public var sectionTitle: String
    /// The strongest key word in the paragraph.
    public var strength: RequirementStrength
    /// Whether the paragraph uses any key word at all.
    public var isNormative: Bool
    /// Vector ids cited on `Vectors:` lines, in order.
    public var citedVectors: [String]
    /// The text of the `Untested:` line(s), when the paragraph says why no vector tests it.
    public var untestedReason: String?
    /// The `Hazard:` line's class: what a deviation on the requirement's `required` vectors risks.
    public var hazard: Hazard?
    /// Whether a `Scope: every vector` line makes every case of the suite judge the requirement (a crash on
    /// any vector breaks it), besides the vectors whose `spec` it is.
    public var coversEveryVector: Bool
    /// The whole paragraph, as written.
    public var text: String
    /// The 1-based line of the paragraph's first line.
    public var line: Int

    /// `§2.4 attribute.fields.string-only (MUST): Values of other types are ignored.`
    public var citation: String {
        "§\(section) \(id) (\(strength.rawValue)): \(summary)"
    }
}

/// A key word found outside every requirement paragraph.
public struct StrayKeyword: Hashable, Sendable {
    public var word: String
    public var section: String
    public var line: Int
}
