// Sources/DocumentSource/SpecificationClause.swift - The Docs/spec.md requirement each finding enforces

import BinaryPlist

/// A requirement of the x-document-source specification (Docs/spec.md): its id and section.
///
/// The ids are the ones vectors use as their `spec`; `ValidatorClauseTests` (ConformanceModelTests) checks that
/// every clause named here is defined in Docs/spec.md under this section.
public struct SpecificationClause: Hashable, Sendable, Codable {
    /// The requirement id, e.g. `attribute.fields.string-only`.
    public var id: String
    /// Its section number in Docs/spec.md, e.g. `2.4`.
    public var section: String

    public init(_ id: String, section: String) {
        self.id = id
        self.section = section
    }

    /// `§2.4 attribute.fields.string-only`.
    public var citation: String { "§\(section) \(id)" }

    /// Every clause the validator cites, with its section, in one place.
    static let sections: [String: String] = [
        "attribute.name": "2.1",
        "attribute.format.binary": "2.2",
        "attribute.root.dictionary": "2.3",
        "attribute.fields.string-only": "2.4",
        "attribute.keys.extra": "2.5",
        "attribute.keys.unique": "2.5",
        "attribute.write.keys": "2.6",
        "attribute.write.appinfourl-https": "2.6",
        "attribute.write.path": "2.6",
        "attribute.write.format": "2.6",
        "attribute.size.portable": "3.2",
        "attribute.size.maximum": "3.2",
        "bplist.header.magic": "4.2",
        "bplist.trailer": "4.3",
        "bplist.trailer.offset-size": "4.3",
        "bplist.trailer.ref-size": "4.3",
        "bplist.trailer.num-objects": "4.3",
        "bplist.trailer.top-object": "4.3",
        "bplist.trailer.offset-table-offset": "4.3",
        "bplist.trailer.length": "4.3",
        "bplist.offset-table.range": "4.4",
        "bplist.marker.integer": "4.5",
        "bplist.marker.real": "4.5",
        "bplist.marker.date": "4.5",
        "bplist.marker.fill": "4.5",
        "bplist.marker.unknown": "4.5",
        "bplist.count.long": "4.5",
        "bplist.length.within-objects": "4.5",
        "bplist.object-ref.range": "4.5",
        "bplist.string.ascii": "4.6",
        "bplist.string.utf16": "4.6",
        "bplist.dictionary.key-type": "4.7",
        "bplist.dictionary.unique-keys": "4.7",
        "bplist.graph.acyclic": "4.8",
        "bplist.limit.depth": "4.8",
        "bplist.limit.value": "4.8",
        "bplist.limit.resources": "4.8",
    ]

    /// The clause with `id`, with the section recorded above (empty when the table lacks it,
    /// which a test forbids).
    static func named(_ id: String) -> SpecificationClause {
        SpecificationClause(id, section: sections[id] ?? "")
    }

    /// Every clause the validator can cite.
    public static var all: [SpecificationClause] {
        sections.keys.sorted().map(named)
    }

    /// The clause a decoder rejection breaks: the one its rule enforces (`BPlistError.Rule.clause`).
    public static func forDecoding(_ error: BPlistError) -> SpecificationClause {
        named(error.rule.clause)
    }
}

extension ValidationFinding.Code {
    /// The requirement a finding with this code enforces. `decode.error` findings cite the rule
    /// the decoder names instead (`SpecificationClause.forDecoding`); this is their fallback.
    public var clause: SpecificationClause {
        switch self {
        case .formatEmpty, .formatXML, .formatOpenStep, .formatUnknown, .decodeError:
            return .named("attribute.format.binary")
        case .formatBinaryVersion: return .named("attribute.write.format")
        case .schemaRootNotDictionary: return .named("attribute.root.dictionary")
        case .schemaValueNotString: return .named("attribute.fields.string-only")
        case .schemaUnknownKey: return .named("attribute.keys.extra")
        case .schemaMissingRequiredKey, .schemaMissingOptionalKey, .conventionEmptyValue:
            return .named("attribute.write.keys")
        case .schemaDuplicateKey: return .named("attribute.keys.unique")
        case .conventionAppInfoURLNotHTTPS: return .named("attribute.write.appinfourl-https")
        case .conventionPathAbsolute, .conventionPathParent: return .named("attribute.write.path")
        case .portabilityTooLarge: return .named("attribute.size.portable")
        case .portabilityTooLargeEverywhere: return .named("attribute.size.maximum")
        case .portabilityNameTooLong: return .named("attribute.name")
        }
    }
}
