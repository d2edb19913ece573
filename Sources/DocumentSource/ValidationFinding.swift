// Sources/DocumentSource/ValidationFinding.swift - One thing the validator found, with a stable code

/// Something `xds validate` reports about an attribute's bytes.
///
/// `code` is stable (scripts match on it); `message` is for people and may be reworded.
public struct ValidationFinding: Hashable, Sendable, Codable {
    /// How serious a finding is. Any `error` makes `xds validate` exit 1.
    public enum Level: String, Hashable, Sendable, Codable {
        case error, warning
    }

    /// Which kind of rule the finding is about.
    public enum Group: String, Hashable, Sendable, Codable {
        case format, decode, schema, convention, portability
    }

    public var code: String
    public var level: Level
    public var group: Group
    public var message: String
    /// The byte offset in the attribute's bytes, for decoder findings.
    public var offset: Int?
    /// The dictionary key concerned, for schema and convention findings.
    public var key: String?
    /// The requirement of Docs/spec.md the finding enforces (for `decode.error`, the decoder rule broken).
    public var clause: SpecificationClause

    public init(
        _ code: Code, _ message: String, offset: Int? = nil, key: String? = nil,
        clause: SpecificationClause? = nil
    ) {
        self.code = code.rawValue
        self.level = code.level
        self.group = code.group
        self.message = message
        self.offset = offset
        self.key = key
        self.clause = clause ?? code.clause
    }

    /// Every code the validator emits, with its fixed level. Never renamed; new ones may be added.
    public enum Code: String, CaseIterable, Hashable, Sendable {
        case formatEmpty = "format.empty"
        case formatXML = "format.xml"
        case formatOpenStep = "format.openstep"
        case formatUnknown = "format.unknown"
        case formatBinaryVersion = "format.binary-version"
        case decodeError = "decode.error"
        case schemaRootNotDictionary = "schema.root-not-dictionary"
        case schemaValueNotString = "schema.value-not-string"
        case schemaUnknownKey = "schema.unknown-key"
        case schemaMissingRequiredKey = "schema.missing-required-key"
        case schemaMissingOptionalKey = "schema.missing-optional-key"
        case schemaDuplicateKey = "schema.duplicate-key"
        case conventionAppInfoURLNotHTTPS = "convention.app-info-url-not-https"
        case conventionPathAbsolute = "convention.path-absolute"
        case conventionPathParent = "convention.path-parent"
        case conventionEmptyValue = "convention.empty-value"
        case portabilityTooLarge = "portability.too-large"
        case portabilityTooLargeEverywhere = "portability.too-large-everywhere"
        case portabilityNameTooLong = "portability.name-too-long"

        public var level: Level {
            switch self {
            case .schemaUnknownKey, .schemaMissingOptionalKey, .conventionPathAbsolute, .conventionEmptyValue,
                .portabilityTooLarge:
                return .warning
            default: return .error
            }
        }

        public var group: Group {
            Group(rawValue: String(rawValue.prefix { $0 != "." })) ?? .schema
        }
    }
}
