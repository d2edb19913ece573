// Sources/ConformanceModel/ConformanceCase.swift - The cases a vector set yields: decode, encode, attribute, icon scales

import DocumentSource

/// What a case asks of an implementation.
public enum CaseKind: Hashable, Sendable {
    /// plist: decode the vector's bytes.
    case decode
    /// plist valid: encode the expected tagged JSON, judged by the reference decoder.
    case encode
    /// plist valid tagged `canonical`: encode the expected tagged JSON; the output must be the vector's bytes.
    case encodeCanonical
    /// attribute: the vector's bytes in the xattr, then `read-attribute PATH`.
    case readAttribute
    /// attribute valid with all four fields: `write-attribute PATH` with them, read back and decoded by the reference;
    /// a write-input vector (`VectorMetadata.isWriteInput`): `write-attribute PATH` with the vector's bytes as
    /// standard input, judged by its verdict (and, when accepted, the fields read back).
    case writeAttribute
    /// icons: `select-icon` at one scale.
    case selectIcon(scale: Int)
    /// icon-loading: `load-icon` against the fixture server serving the vector's site, at the site's scale (the
    /// vector is its one case).
    case loadIcon

    /// The call the case needs.
    public var call: AdapterCall {
        switch self {
        case .decode: return .decode
        case .encode, .encodeCanonical: return .encode
        case .readAttribute: return .readAttribute
        case .writeAttribute: return .writeAttribute
        case .selectIcon: return .selectIcon
        case .loadIcon: return .loadIcon
        }
    }
}

/// Whether a write round trip is fair: all four fields (the original writer raises on a missing one),
/// a non-empty identifier and name and an absolute https appInfoURL (the convention's rules for writers).
func isWritable(_ fields: [String: String]) -> Bool {
    guard Set(fields.keys) == ["identifier", "name", "path", "appInfoURL"] else { return false }
    guard let identifier = fields["identifier"], let name = fields["name"], let url = fields["appInfoURL"] else {
        return false
    }
    return !identifier.isEmpty && !name.isEmpty && ConventionRules.isAbsoluteHTTPS(url)
}

/// One vector met in one way. Icon vectors give three cases (scales 1, 2, 3); an icon-loading vector is one case.
public struct ConformanceCase: Hashable, Sendable {
    /// The vector id, with `#encode`, `#canonical`, `#write` or `@scale=N` appended when the vector yields several
    /// cases.
    public var id: String
    public var vector: Vector
    public var kind: CaseKind

    public init(id: String, vector: Vector, kind: CaseKind) {
        self.id = id
        self.vector = vector
        self.kind = kind
    }

    /// The level the case is graded at: the vector's, except that canonical bytes are at most recommended (an
    /// encoder MUST write bytes that read back as the value, and SHOULD write the canonical layout; Docs/spec.md
    /// `bplist.canonical`).
    public var level: VectorLevel {
        guard kind == .encodeCanonical, vector.metadata.level == .required else { return vector.metadata.level }
        return .recommended
    }

    /// Every case of `vectors`, in manifest order. `fs` vectors belong to the filesystem harness.
    public static func all(_ vectors: [Vector]) -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        for vector in vectors {
            let id = vector.metadata.id
            switch vector.metadata.area {
            case .plist:
                cases.append(ConformanceCase(id: id, vector: vector, kind: .decode))
                if vector.metadata.group == .valid && vector.expected != nil {
                    cases.append(ConformanceCase(id: id + "#encode", vector: vector, kind: .encode))
                    if vector.metadata.tags.contains(.canonical) {
                        cases.append(ConformanceCase(id: id + "#canonical", vector: vector, kind: .encodeCanonical))
                    }
                }
            case .attribute:
                // A write-input vector's bytes are write-attribute's standard input, not an attribute value.
                if vector.metadata.isWriteInput {
                    cases.append(ConformanceCase(id: id + "#write", vector: vector, kind: .writeAttribute))
                    continue
                }
                cases.append(ConformanceCase(id: id, vector: vector, kind: .readAttribute))
                if vector.metadata.group == .valid, let expected = vector.expected,
                    let fields = AttributeVectorExpectation(expected)?.fields, isWritable(fields)
                {
                    cases.append(ConformanceCase(id: id + "#write", vector: vector, kind: .writeAttribute))
                }
            case .icons:
                for scale in 1...3 {
                    cases.append(
                        ConformanceCase(id: id + "@scale=\(scale)", vector: vector, kind: .selectIcon(scale: scale)))
                }
            case .iconLoading:
                cases.append(ConformanceCase(id: id, vector: vector, kind: .loadIcon))
            case .fs:
                continue
            }
        }
        return cases
    }
}
