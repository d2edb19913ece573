// Sources/DocumentSource/DocumentSourceReading.swift - Attribute bytes to fields, as a reader should

import BinaryPlist

/// Why attribute bytes yield no attribute (the original would return nil in each case).
public enum DocumentSourceReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a binary property list (the original would also accept XML and OpenStep).
    case notBinary(PropertyListFormat)
    /// The binary property list is malformed.
    case undecodable(BPlistError)
    /// The root is not a dictionary (the name of what it is).
    case rootNotDictionary(String)

    public var description: String {
        switch self {
        case .notBinary(let format):
            return "not a binary property list (found \(format.displayName)); the convention requires bplist00"
        case .undecodable(let error): return "not a valid binary property list: \(error)"
        case .rootNotDictionary(let type): return "the property list's root is \(type), not a dictionary"
        }
    }
}

extension DocumentSourceAttribute {
    /// The rules a reader uses: CoreFoundation's tolerance (any `bplist0?` version, first duplicate wins).
    public static let readingRules = DecodingRules.lenient

    /// Reads attribute bytes as the original does, except that only binary property lists are read.
    /// - Throws: `DocumentSourceReadError` when the original would find no attribute (or, for XML and
    ///   OpenStep text, when this implementation refuses what the original would read).
    public init(decoding bytes: [UInt8]) throws(DocumentSourceReadError) {
        self = try Self.read(bytes).attribute
    }

    /// Reads attribute bytes as ``init(decoding:)`` does, and hands back the checked document the
    /// attribute was read from, for a caller that reads more of it (the fuzz oracle reads the same
    /// document its own way instead of checking the bytes a second time).
    /// - Throws: `DocumentSourceReadError`, as ``init(decoding:)``.
    public static func read(
        _ bytes: [UInt8]
    ) throws(DocumentSourceReadError) -> (attribute: DocumentSourceAttribute, document: BPlistDocument) {
        let format = PropertyListFormat.detect(bytes)
        guard case .binary = format else { throw .notBinary(format) }
        let document: BPlistDocument
        do {
            document = try BPlistDocument(bytes, rules: Self.readingRules)
        } catch {
            throw .undecodable(error)
        }
        guard let attribute = DocumentSourceAttribute(document: document) else {
            throw .rootNotDictionary(document.kind(of: document.root).typeName)
        }
        return (attribute, document)
    }

    /// Reads a checked document as `init(propertyList:)` reads its value, building only the four
    /// strings: the keys are compared in place and nothing else is materialised.
    public init?(document: BPlistDocument) {
        let root = document.root
        guard document.kind(of: root) == .dictionary else { return nil }
        func string(_ key: String) -> String? {
            document.value(forKey: key, in: root).flatMap { document.string($0) }
        }
        self.init(
            identifier: string("identifier"), name: string("name"), path: string("path"),
            appInfoURL: string("appInfoURL"))
    }
}

extension BPlistDocument.Kind {
    /// `a string`, `an array`, … as `PropertyListValue.typeName` names them.
    var typeName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .uid: return "a UID"
        case .array: return "an array"
        case .set: return "a set"
        case .dictionary: return "a dictionary"
        case .null: return "null"
        }
    }
}

extension PropertyListValue {
    /// `a string`, `an array`, … for messages (internal: the name is too generic to export); the names are
    /// the document kinds' (`BPlistDocument.Kind.typeName`), one table for both forms.
    var typeName: String { kind.typeName }

    private var kind: BPlistDocument.Kind {
        switch self {
        case .string: return .string
        case .integer, .wideInteger: return .integer
        case .real: return .real
        case .bool: return .bool
        case .date: return .date
        case .data: return .data
        case .uid: return .uid
        case .array: return .array
        case .set: return .set
        case .dictionary: return .dictionary
        case .null: return .null
        }
    }
}
