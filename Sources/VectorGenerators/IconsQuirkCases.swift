// Sources/VectorGenerators/IconsQuirkCases.swift - icons: coercion, missing keys, raising entries

import ConformanceModel

enum IconsQuirkCases {
    typealias F = IconsFamily
    static let fallback = F.square(1024, "fallback.png")

    static func valid(
        _ name: String, _ list: [JSONValue], _ description: String, spec: String = "icons.quirks",
        tags: [VectorTag]
    ) -> GeneratedVector {
        F.vector(.valid, name, F.icons(list), description, spec: spec, tags: tags)
    }

    /// `{width: value, height: value, src: "a.png"}` then the 1024 fallback.
    static func coerced(_ name: String, _ value: JSONValue, _ what: String) -> GeneratedVector {
        valid(
            "width-height-\(name)", [F.entry(value, value, .string("a.png")), fallback],
            "width and height \(what), then a 1024 fallback", tags: [.coercion, .quirk])
    }

    static func vectors() -> [GeneratedVector] {
        coercions() + missing() + raising() + documents()
    }

    static func coercions() -> [GeneratedVector] {
        [
            coerced("string-58", .string("58"), "the string \"58\" (integerValue 58)"),
            coerced("string-58px", .string("58px"), "the string \"58px\" (integerValue 58)"),
            coerced("string-leading-space", .string("  58"), "the string \"  58\" (leading whitespace skipped)"),
            coerced("string-plus-sign", .string("+87"), "the string \"+87\""),
            coerced("string-abc", .string("abc"), "the string \"abc\" (integerValue 0)"),
            coerced("string-decimal", .string("58.9"), "the string \"58.9\" (integerValue 58)"),
            coerced("string-negative", .string("-58"), "the string \"-58\""),
            coerced(
                "string-overflow", .string("99999999999999999999"),
                "a 20-digit string: integerValue saturates to NSIntegerMax, which is never < foundWidth"),
            coerced("string-empty", .string(""), "the empty string (integerValue 0)"),
            coerced("string-hex", .string("0x3A"), "the string \"0x3A\" (integerValue 0)"),
            coerced("real-58-9", .real("58.9"), "the real 58.9 (truncated to 58)"),
            coerced("real-87-5", .real("87.5"), "the real 87.5 (truncated to 87)"),
            coerced("real-negative-fraction", .real("-0.5"), "the real -0.5 (truncated to 0)"),
            coerced("bool-true", .bool(true), "true (integerValue 1)"),
            valid(
                "width-string-height-int", [F.entry(.string("58"), .int(58), .string("a.png")), fallback],
                "width \"58\" with height 58", tags: [.coercion, .quirk]),
            valid(
                "width-real-height-int", [F.entry(.real("100.7"), .int(100), .string("a.png")), fallback],
                "width 100.7 with height 100", tags: [.coercion, .quirk]),
        ]
    }

    static func missing() -> [GeneratedVector] {
        let spec = "icons.entries"
        return [
            valid(
                "missing-width", [F.entry(nil, .int(58), .string("a.png")), fallback], "an entry without width",
                spec: spec, tags: [.quirk]),
            valid(
                "missing-height", [F.entry(.int(58), nil, .string("a.png")), fallback], "an entry without height",
                spec: spec, tags: [.quirk]),
            valid(
                "missing-src", [F.entry(.int(58), .int(58), nil), fallback], "an entry without src", spec: spec,
                tags: [.quirk]),
            valid("empty-entry", [.object([]), fallback], "an empty entry object", spec: spec, tags: [.quirk]),
            valid(
                "non-dictionary-entries",
                [
                    .string("a.png"), .int(58), .null, .array([.int(58)]), .bool(true),
                    F.square(58, "b.png"),
                ],
                "strings, numbers, null, arrays and booleans in icons are skipped", spec: spec, tags: [.quirk]),
            valid(
                "src-number-not-chosen", [F.entry(.int(20), .int(20), .int(5)), F.square(1024, "ok.png")],
                "a numeric src on an icon nobody picks does no harm", spec: spec, tags: [.quirk]),
        ]
    }

    static func raising() -> [GeneratedVector] {
        let spec = "icons.quirks.raises"
        return [
            valid(
                "width-null", [F.entry(.null, .int(58), .string("a.png")), fallback],
                "width null: -[NSNull integerValue] raises in the original", spec: spec, tags: [.raises, .quirk]),
            valid(
                "height-null", [F.entry(.int(58), .null, .string("a.png")), fallback], "height null raises", spec: spec,
                tags: [.raises, .quirk]),
            valid(
                "width-array", [F.entry(.array([.int(58)]), .int(58), .string("a.png")), fallback],
                "width [58] raises", spec: spec, tags: [.raises, .quirk]),
            valid(
                "height-object", [F.entry(.int(58), .object([("px", .int(58))]), .string("a.png")), fallback],
                "height {\"px\": 58} raises", spec: spec, tags: [.raises, .quirk]),
            valid(
                "src-null", [F.entry(.int(58), .int(58), .null)], "src null: raises only where the icon is chosen",
                spec: spec, tags: [.raises, .quirk]),
            valid(
                "src-number", [F.entry(.int(58), .int(58), .int(5))], "src 5: raises where chosen", spec: spec,
                tags: [.raises, .quirk]),
            valid(
                "src-array", [F.entry(.int(100), .int(100), .array([.string("a.png")]))],
                "src [\"a.png\"]: raises at every scale", spec: spec, tags: [.raises, .quirk]),
            valid(
                "exact-match-before-null-width", [F.square(58, "a.png"), F.entry(.null, .int(58), .string("b.png"))],
                "the exact match at scale 2 ends the loop before the null width raises; 1 and 3 reach it",
                spec: spec, tags: [.raises, .quirk, .exactMatch]),
        ]
    }

    static func documents() -> [GeneratedVector] {
        let spec = "icons.document"
        func doc(
            _ group: VectorGroup, _ name: String, _ root: JSONValue?, text: String? = nil, _ description: String,
            tags: [VectorTag]
        ) -> GeneratedVector {
            F.vector(
                group, name, root, text: text, description, spec: spec,
                level: group == .implementationDefined ? .implementationDefined : .required, tags: tags,
                error: group == .invalid ? .schema : nil)
        }
        let list = JSONValue.array([F.square(58, "a.png")])
        return [
            doc(
                .valid, "icons-object", .object([("icons", F.square(58, "a.png"))]), "icons is an object, not an array",
                tags: [.malformed]),
            doc(
                .valid, "icons-string", .object([("icons", .string("a.png"))]), "icons is a string", tags: [.malformed]),
            doc(.valid, "icons-null", .object([("icons", .null)]), "icons is null", tags: [.malformed]),
            doc(.valid, "icons-missing", .object([("name", .string("App"))]), "no icons key", tags: [.malformed]),
            doc(
                .valid, "icons-key-case", .object([("Icons", list)]), "the key \"Icons\" is not \"icons\"",
                tags: [.malformed]),
            doc(
                .valid, "icons-nested", .object([("app", .object([("icons", list)]))]), "icons one level too deep",
                tags: [.malformed]),
            doc(
                .valid, "extra-root-keys", .object([("name", .string("App")), ("icons", list), ("version", .int(3))]),
                "other root keys are ignored", tags: [.exactMatch]),
            doc(
                .invalid, "root-array", .array([F.square(58, "a.png")]),
                "the root is an array: the original's dictionary[@\"icons\"] raises", tags: [.rootType, .raises]),
            doc(
                .invalid, "root-empty-array", .array([]), "the root is an empty array (raises too)",
                tags: [.rootType, .raises]),
            doc(
                .invalid, "root-string", .string("icons"), "the root is a string fragment: a JSON error",
                tags: [.rootType]),
            doc(.invalid, "root-number", .int(58), "the root is a number fragment", tags: [.rootType]),
            doc(
                .implementationDefined, "malformed-trailing-comma", nil,
                text: "{\"icons\":[{\"width\":58,\"height\":58,\"src\":\"a.png\"},]}",
                "a trailing comma: not RFC 8259 JSON, but some Foundation JSON parsers accept it", tags: [.malformed]),
            doc(
                .invalid, "malformed-truncated", nil, text: "{\"icons\":[{\"width\":58,\"height\":58,\"src\":\"a.pn",
                "the document ends inside a string", tags: [.malformed]),
            doc(.invalid, "empty-document", nil, text: "", "zero bytes", tags: [.malformed]),
            doc(
                .invalid, "html-error-page", nil, text: "<html><body>404 Not Found</body></html>\n",
                "an HTML 404 page served as appInfo.json", tags: [.malformed]),
        ]
    }
}
