// Sources/BinaryPlist/BPlistError.swift - A decoding failure: closed category, byte offset, message

/// Why a byte string is not an acceptable bplist00, and where.
///
/// The category is a closed list (Docs/vectors.md, plus `duplicate-key`); the offset is the byte offset in
/// the input at which the fault was found; the message is one line a person can act on.
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

    public var category: Category
    public var offset: Int
    public var message: String

    public init(_ category: Category, at offset: Int, _ message: String) {
        self.category = category
        self.offset = offset
        self.message = message
    }

    /// `<category> at offset <n>: <message>`, the form `xds decode` prints after `error: `.
    public var description: String { "\(category.rawValue) at offset \(offset): \(message)" }
}
