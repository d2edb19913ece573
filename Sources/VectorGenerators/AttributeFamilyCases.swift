// Sources/VectorGenerators/AttributeFamilyCases.swift - attribute: types, strings, rejections

import ConformanceModel

enum AttributeFamilyCases {
    typealias F = AttributeFamily
    static var four: [(String, String)] { F.four }

    static func types() -> [GeneratedVector] {
        let spec = "attribute.fields.string-only"
        let wrong: [(String, String, [UInt8], String)] = [
            ("identifier-integer", "identifier", Obj.int(42), "an integer"),
            ("identifier-real", "identifier", Obj.real(1.5), "a real"),
            ("name-bool", "name", Obj.bool(true), "true"),
            ("name-dictionary", "name", Obj.dict(keys: [], values: []), "a dictionary"),
            ("path-data", "path", Obj.data(Array("a/b".utf8)), "data holding text"),
            ("path-date", "path", Obj.date(0), "a date"),
            ("appinfourl-array", "appInfoURL", Obj.array([]), "an array"),
            ("appinfourl-uid", "appInfoURL", Obj.uid([1]), "a UID"),
        ]
        var out = wrong.map { (vectorName, key, object, what) in
            let pairs = four.map { ($0.0, $0.0 == key ? object : Obj.string($0.1)) }
            return F.valid(
                "wrong-type-\(vectorName)", F.dict(pairs), kept: four.filter { $0.0 != key },
                "\"\(key)\" is \(what): skipped, the other fields kept", spec: spec, tags: [.wrongType])
        }
        out.append(
            F.valid(
                "wrong-type-all",
                F.dict([
                    ("identifier", Obj.int(1)), ("name", Obj.bool(false)),
                    ("path", Obj.data([])), ("appInfoURL", Obj.real(0)),
                ]),
                kept: [], "every value has the wrong type: an attribute with no fields", spec: spec,
                tags: [.wrongType]))
        return out
    }

    static func strings() -> [GeneratedVector] {
        let spec = "attribute.fields"
        func with(_ key: String, _ value: String) -> [(String, String)] {
            four.map { ($0.0, $0.0 == key ? value : $0.1) }
        }
        var out: [GeneratedVector] = []
        func add(
            _ name: String, _ pairs: [(String, String)], _ description: String, spec: String = spec, tags: [VectorTag]
        ) {
            out.append(F.valid(name, F.strings(pairs), kept: pairs, description, spec: spec, tags: tags))
        }
        add(
            "path-non-ascii", with("path", "Dokumente/Übersicht – 日本語.md"), "a UTF-16 path with umlaut, dash and CJK",
            tags: [.unicode, .path, .utf16])
        add(
            "name-emoji", with("name", "Working Copy 🚀"), "a name with an astral emoji (surrogate pair)",
            tags: [.unicode, .utf16])
        add(
            "path-leading-slash", with("path", "/directory/filename.ext"),
            "a leading \"/\" as the README's writer example produces; kept as found", tags: [.path])
        add(
            "path-dot-dot", with("path", "../../etc/passwd"),
            "a path with \"..\": kept as found, never resolved by a reader",
            tags: [.path])
        add("path-embedded-nul", with("path", "a\u{0}b"), "a path with an embedded NUL", tags: [.path])
        add("empty-strings", four.map { ($0.0, "") }, "all four values empty strings", tags: [.string])
        add("name-dollar-null", with("name", "$null"), "the name \"$null\" is a string", tags: [.string])
        add(
            "appinfourl-http", with("appInfoURL", "http://example.com/appInfo.json"),
            "an http URL is kept (the icon step decides)", tags: [.url])
        add("appinfourl-relative", with("appInfoURL", "appInfo.json"), "a relative URL string is kept", tags: [.url])
        add(
            "identifier-long", with("identifier", String(repeating: "com.example.", count: 20) + "app"),
            "a 243-character identifier", tags: [.string])
        out.append(
            sized("fits-ext4-1k-block", 952, "exactly 952 bytes: the largest value ext4 with 1 KiB blocks stores"))
        out.append(
            sized(
                "over-size-ext4-1k-block", 953,
                "953 bytes: one more than ext4 with 1 KiB blocks can store (ENOSPC on write); readers keep it"))
        out.append(sized("over-size-4k", 5000, "5000 bytes: beyond an ext4 4 KiB block (4024)"))
        var shared = F.dict([("identifier", Obj.ascii("same")), ("name", Obj.ascii("same"))])
        shared.objects[0] = Obj.dict(keys: [1, 2], values: [3, 3])
        shared.objects.removeLast()
        out.append(
            F.valid(
                "shared-value", shared, kept: [("identifier", "same"), ("name", "same")],
                "two fields reference one string object", spec: spec, tags: [.sharedObject]))
        return out
    }

    /// The four keys with a path long enough that the whole value is exactly `size` bytes.
    static func sized(_ name: String, _ size: Int, _ description: String) -> GeneratedVector {
        var length = 1
        while true {
            let pairs = four.map { ($0.0, $0.0 == "path" ? String(repeating: "p", count: length) : $0.1) }
            let assembly = F.strings(pairs)
            let bytes = assembly.bytes()
            if bytes.count >= size {
                var padded = assembly
                padded.beforeTable = [UInt8](repeating: 0, count: size - bytes.count)
                return F.valid(
                    name, bytes.count == size ? assembly : padded, kept: pairs, description,
                    spec: "attribute.size", tags: [.size])
            }
            length += 1
        }
    }

    static func rejected() -> [GeneratedVector] {
        let root = "attribute.root.dictionary"
        func none(
            _ name: String, _ bytes: [UInt8], _ error: VectorErrorCategory, _ description: String, spec: String = root,
            tags: [VectorTag]
        ) -> GeneratedVector {
            F.vector(.invalid, name, bytes, kept: nil, description, spec: spec, tags: tags, error: error)
        }
        let doc = F.strings(four).bytes()
        return [
            none(
                "root-array", BPlistAssembly(objects: [Obj.array([1]), Obj.ascii("x")]).bytes(), .schema,
                "the root is an array", tags: [.rootType]),
            none(
                "root-string", BPlistAssembly(objects: [Obj.ascii("com.example")]).bytes(), .schema,
                "the root is a string",
                tags: [.rootType]),
            none(
                "root-integer", BPlistAssembly(objects: [Obj.int(1)]).bytes(), .schema, "the root is an integer",
                tags: [.rootType]),
            none(
                "root-data-holding-dict", BPlistAssembly(objects: [Obj.data(doc)]).bytes(), .schema,
                "the root is data wrapping a valid attribute", tags: [.rootType]),
            none(
                "empty-value", [], .header, "a zero-length attribute value", spec: "attribute.format.binary",
                tags: [.truncation]),
            none(
                "truncated", Array(doc.prefix(doc.count - 1)), .trailer, "the four-key value missing its last byte",
                spec: "attribute.format.binary", tags: [.truncation]),
            none(
                "json-text", Array("{\"identifier\":\"com.example\"}".utf8), .header,
                "JSON text is not a property list",
                spec: "attribute.format.binary", tags: [.rootType]),
            none(
                "cycle",
                BPlistAssembly(objects: [
                    Obj.dict(keys: [1, 2], values: [3, 0]), Obj.ascii("name"), Obj.ascii("path"),
                    Obj.ascii("x"),
                ]).bytes(), .cycle,
                "\"path\" references the dictionary itself (CoreFoundation rejects the whole value)",
                spec: "attribute.format.binary", tags: [.cycle]),
            none(
                "offset-zero", PlistInvalidFamily.with { $0.offsetOverride = [7: 0] }, .offsetTable,
                "a value's offset points into the header", spec: "attribute.format.binary", tags: [.offsetTable]),
        ]
    }
}
