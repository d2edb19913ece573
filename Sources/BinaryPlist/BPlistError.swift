// Sources/BinaryPlist/BPlistError.swift - A decoding failure: the rule and its category, byte offset, message

/// Why a byte string is not an acceptable bplist00, and where.
///
/// The rule is the check that refused the input (Docs/codec.md), which gives the category, a closed list
/// (Docs/vectors.md, plus `duplicate-key`); the offset is the byte offset in the input at which the fault was
/// found; the message is one line a person can act on.
public struct BPlistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The closed list of failure categories. Raw values are the names used in vectors and reports.
    public enum Category: String, CaseIterable, Hashable, Sendable {
        case header
        case trailer
        case offsetTable = "offset-table"
        case objectRef = "object-ref"
        case marker
        case length
        case cycle
        case depth
        case encoding
        case keyType = "key-type"
        case duplicateKey = "duplicate-key"
        case limit
        case schema
    }

    /// The check that refused the input; its category is `category`.
    public var rule: Rule
    public var offset: Int
    public var message: String

    /// The rule's category (Docs/codec.md gives each rule one).
    public var category: Category { rule.category }

    public init(_ rule: Rule, at offset: Int, _ message: String) {
        self.rule = rule
        self.offset = offset
        self.message = message
    }

    /// `<category> at offset <n>: <message>`, the form `xds decode` prints after `error: `.
    public var description: String { "\(category.rawValue) at offset \(offset): \(message)" }
}
