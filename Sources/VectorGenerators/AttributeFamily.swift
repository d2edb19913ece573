// Sources/VectorGenerators/AttributeFamily.swift - attribute: the fields a conforming reader keeps

import ConformanceModel

/// Attribute values as found in the xattr, with the fields the original reader keeps (Docs/vectors.md).
public enum AttributeFamily {
    static let made = "generator: AttributeFamily (BPlistAssembler)"
    static let identifier = "com.appliedphasor.working-copy"
    static let name = "Working Copy"
    static let path = "libgit2/doc/README.md"
    static let url = "https://workingcopyapp.com/appInfo.json"
    static var four: [(String, String)] {
        [("identifier", identifier), ("name", name), ("path", path), ("appInfoURL", url)]
    }

    /// A dictionary with the given keys (strings) and value objects, in the canonical layout.
    static func dict(_ pairs: [(String, [UInt8])]) -> BPlistAssembly {
        let count = UInt64(pairs.count)
        let keys = (0..<count).map { $0 + 1 }
        let values = (0..<count).map { $0 + 1 + count }
        return BPlistAssembly(
            objects: [ObjectBytes.dict(keys: keys, values: values)] + pairs.map { ObjectBytes.string($0.0) }
                + pairs.map(\.1))
    }

    static func strings(_ pairs: [(String, String)]) -> BPlistAssembly {
        dict(pairs.map { ($0.0, ObjectBytes.string($0.1)) })
    }

    /// `{"fields": {…}}` (keys sorted) or `{"fields": null}`.
    public static func fields(_ kept: [(String, String)]?) -> String {
        guard let kept else { return "{\"fields\":null}" }
        let sorted = kept.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        return "{\"fields\":{"
            + sorted.map { JSONText.quoted($0.0) + ":" + JSONText.quoted($0.1) }.joined(separator: ",") + "}}"
    }

    static func vector(
        _ group: VectorGroup, _ name: String, _ bytes: [UInt8], kept: [(String, String)]?, _ description: String,
        spec: String, level: VectorLevel = .required, tags: [VectorTag], error: VectorErrorCategory? = nil,
        made: String = made
    ) -> GeneratedVector {
        GeneratedVector(
            .attribute, group, name, input: bytes, expected: fields(kept), description: description, spec: spec,
            level: level, tags: tags, error: error, made: made)
    }

    static func valid(
        _ name: String, _ assembly: BPlistAssembly, kept: [(String, String)], _ description: String,
        spec: String, tags: [VectorTag]
    ) -> GeneratedVector {
        vector(.valid, name, assembly.bytes(), kept: kept, description, spec: spec, tags: tags)
    }

    public static func vectors() -> [GeneratedVector] {
        present() + AttributeFamilyCases.types() + AttributeFamilyCases.strings() + AttributeFamilyCases.rejected()
            + AttributeFamilyCases.implementationDefined() + AttributeFamilyCases.writeInputs()
    }

    static func present() -> [GeneratedVector] {
        let spec = "attribute.fields"
        var out = [
            valid(
                "four-keys", strings(four), kept: four, "the README example: all four keys, string values",
                spec: spec, tags: [.dictionary]),
            valid(
                "four-keys-canonical-bytes", PlistValidFamily.documentSource().0,
                kept: [
                    ("identifier", "com.example.doc"), ("name", "Doc"), ("path", "/tmp/a"),
                    ("appInfoURL", "https://example.com/app"),
                ],
                "the 145 canonical bytes plistlib writes", spec: spec, tags: [.canonical]),
            valid(
                "empty-dictionary", strings([]), kept: [], "an empty dictionary: an attribute with no fields",
                spec: "attribute.fields.missing", tags: [.missingKey]),
        ]
        for (index, key) in ["identifier", "name", "path", "appInfoURL"].enumerated() {
            var rest = four
            rest.remove(at: index)
            out.append(
                valid(
                    "missing-\(key.lowercased())", strings(rest), kept: rest, "no \"\(key)\" key",
                    spec: "attribute.fields.missing", tags: [.missingKey]))
            out.append(
                valid(
                    "only-\(key.lowercased())", strings([four[index]]), kept: [four[index]],
                    "\"\(key)\" alone", spec: "attribute.fields.missing", tags: [.missingKey]))
        }
        var reversed = strings(four)
        reversed.placement = Array(reversed.objects.indices.reversed())
        out.append(
            valid(
                "objects-reversed", reversed, kept: four, "the four keys with objects in reverse order",
                spec: spec, tags: [.outOfOrder]))
        out.append(
            valid(
                "utf16-keys", dict(four.map { ($0.0, ObjectBytes.string($0.1)) }).replacingKeys(utf16: true),
                kept: four,
                "keys stored as UTF-16 strings", spec: spec, tags: [.utf16]))
        out.append(
            valid(
                "extra-key", strings(four + [("version", "2")]), kept: four, "a fifth key is ignored",
                spec: "attribute.keys.extra", tags: [.extraKey]))
        out.append(
            valid(
                "extra-keys-many",
                dict(
                    four.map { ($0.0, ObjectBytes.string($0.1)) } + [
                        ("icon", ObjectBytes.data([1, 2, 3])), ("tags", ObjectBytes.array([])),
                        ("x-document-source", ObjectBytes.bool(true)),
                    ]), kept: four, "data, array and bool extras are ignored", spec: "attribute.keys.extra",
                tags: [.extraKey]))
        out.append(
            valid(
                "key-case-differs", strings([("Identifier", identifier), ("NAME", name), ("path", path)]),
                kept: [("path", path)], "keys match case-sensitively: \"Identifier\" and \"NAME\" are extras",
                spec: "attribute.keys.extra", tags: [.extraKey]))
        return out
    }
}

extension BPlistAssembly {
    /// The same document with every dictionary key object (objects 1…n) re-encoded as UTF-16.
    func replacingKeys(utf16: Bool) -> BPlistAssembly {
        var copy = self
        let count = (objects.count - 1) / 2
        for index in 1...count {
            let object = objects[index]
            let text = String(decoding: object.dropFirst(object[0] == 0x5F ? 3 : 1), as: UTF8.self)
            copy.objects[index] = ObjectBytes.utf16(text)
        }
        return copy
    }
}
