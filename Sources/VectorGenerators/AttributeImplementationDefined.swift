// Sources/VectorGenerators/AttributeImplementationDefined.swift - attribute: where readers may differ

import ConformanceModel

extension AttributeFamilyCases {
    /// What the original (NSPropertyListSerialization, CoreFoundation) keeps where a strict reader may refuse.
    static func implementationDefined() -> [GeneratedVector] {
        func kept(
            _ name: String, _ bytes: [UInt8], _ kept: [(String, String)]?, _ description: String, spec: String,
            tags: [VectorTag], made: String = F.made
        ) -> GeneratedVector {
            F.vector(
                .implementationDefined, name, bytes, kept: kept, description, spec: spec, level: .implementationDefined,
                tags: tags, made: made)
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>appInfoURL</key>
            \t<string>\(F.url)</string>
            \t<key>identifier</key>
            \t<string>\(F.identifier)</string>
            \t<key>name</key>
            \t<string>\(F.name)</string>
            \t<key>path</key>
            \t<string>\(F.path)</string>
            </dict>
            </plist>

            """
        let openStep = "{identifier = \"\(F.identifier)\"; name = \"\(F.name)\"; path = \"\(F.path)\"; }"
        var firstWins = F.strings(four + [("name", "Second Name")])
        firstWins.objects[0] = Obj.dict(keys: [1, 2, 3, 4, 5], values: [6, 7, 8, 9, 10])
        var nullName = F.dict(four.map { ($0.0, $0.0 == "name" ? Obj.null : Obj.string($0.1)) })
        nullName.objects[0] = Obj.dict(keys: [1, 2, 3, 4], values: [5, 6, 7, 8])
        let latin1 = F.dict(four.map { ($0.0, $0.0 == "name" ? Obj.ascii([0x44, 0xE9, 0x63]) : Obj.string($0.1)) })
        let setPath = F.dict(four.map { ($0.0, $0.0 == "path" ? Obj.set([]) : Obj.string($0.1)) })
        var intKey = F.strings(four)
        intKey.objects += [Obj.int(7), Obj.ascii("seven")]
        intKey.objects[0] = Obj.dict(keys: [1, 2, 3, 4, 9], values: [5, 6, 7, 8, 10])
        var version01 = F.strings(four)
        version01.header = Array("bplist01".utf8)
        let badURL = four.map { ($0.0, $0.0 == "appInfoURL" ? "not a url" : $0.1) }
        return [
            kept(
                "xml-plist", Array(xml.utf8), four,
                "an XML property list: the original (NSPropertyListSerialization) reads it; the convention says binary",
                spec: "attribute.format.binary", tags: [.xml], made: "generator: AttributeFamily (XML text literal)"),
            kept(
                "openstep-plist", Array(openStep.utf8), Array(four.prefix(3)),
                "an OpenStep property list: the original reads it; the convention says binary",
                spec: "attribute.format.binary", tags: [.rootType],
                made: "generator: AttributeFamily (OpenStep text literal)"),
            kept(
                "bplist01-header", version01.bytes(), four, "header \"bplist01\": CoreFoundation accepts any bplist0?",
                spec: "attribute.format.binary", tags: [.header]),
            kept(
                "duplicate-name-first-wins", firstWins.bytes(), four,
                "\"name\" twice: CoreFoundation keeps the first; a strict reader refuses the value",
                spec: "attribute.keys.unique", tags: [.duplicateKey]),
            kept(
                "name-null", nullName.bytes(), four.filter { $0.0 != "name" },
                "\"name\" is null (0x00): the original skips it", spec: "attribute.fields.string-only", tags: [.null]),
            kept(
                "name-latin1-bytes", latin1.bytes(), four.map { ($0.0, $0.0 == "name" ? "Déc" : $0.1) },
                "\"name\" holds ASCII-marked byte 0xE9: CoreFoundation reads Latin-1 \"Déc\"",
                spec: "attribute.fields.string-only", tags: [.unicode]),
            kept(
                "path-set", setPath.bytes(), four.filter { $0.0 != "path" },
                "\"path\" is a set: Apple skips it, Linux Foundation crashes", spec: "attribute.fields.string-only",
                tags: [.set, .wrongType]),
            kept(
                "integer-key-beside-strings", intKey.bytes(), four,
                "an extra integer key: CoreFoundation keeps the four fields", spec: "attribute.keys.extra",
                tags: [.nonStringKey]),
            kept(
                "appinfourl-not-a-url", F.strings(badURL).bytes(), four.filter { $0.0 != "appInfoURL" },
                "\"not a url\": +[NSURL URLWithString:] gives nil, so the original keeps no appInfoURL",
                spec: "attribute.fields.appinfourl", tags: [.url]),
        ]
    }
}
