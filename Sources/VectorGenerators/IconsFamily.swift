// Sources/VectorGenerators/IconsFamily.swift - icons: appInfo.json cases for both profiles

import ConformanceModel

/// appInfo.json documents with the expected outcome for scales 1, 2, 3 under both profiles (IconsOracle).
public enum IconsFamily {
    static let made = "generator: IconsFamily (outcomes from IconsOracle)"
    public static let base = "https://example.com/apps/demo/appInfo.json"

    /// One icon entry; plain integers unless given otherwise.
    static func entry(_ width: JSONValue?, _ height: JSONValue?, _ src: JSONValue?) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let width { pairs.append(("width", width)) }
        if let height { pairs.append(("height", height)) }
        if let src { pairs.append(("src", src)) }
        return .object(pairs)
    }
    static func square(_ size: Int, _ src: String) -> JSONValue { entry(.int(size), .int(size), .string(src)) }
    static func rect(_ width: Int, _ height: Int, _ src: String) -> JSONValue {
        entry(.int(width), .int(height), .string(src))
    }
    static func icons(_ list: [JSONValue]) -> JSONValue { .object([("icons", .array(list))]) }

    /// The expected-result document for `root` (nil: the text is not JSON). `legacyRoot`, when given, is
    /// what the original's parser makes of a text that is not RFC 8259 JSON (a trailing comma).
    public static func expectation(_ root: JSONValue?, legacyRoot: JSONValue? = nil, base: String = base) -> String {
        func profile(_ root: JSONValue?, _ select: (JSONValue?, Int, String) -> IconOutcome) -> String {
            "{" + (1...3).map { "\"\($0)\":" + select(root, $0, base).json }.joined(separator: ",") + "}"
        }
        return "{\"appInfoURL\":" + JSONText.quoted(base) + ",\"legacy\":"
            + profile(legacyRoot ?? root, IconsOracle.legacy) + ",\"recommended\":"
            + profile(root, IconsOracle.recommended) + "}"
    }

    /// One icons vector. The input is `text` when given, else `root`'s JSON text.
    static func vector(
        _ group: VectorGroup, _ name: String, _ root: JSONValue?, text: String? = nil,
        legacyRoot: JSONValue? = nil, _ description: String, spec: String, level: VectorLevel = .required,
        tags: [VectorTag], error: VectorErrorCategory? = nil, base: String = base
    ) -> GeneratedVector {
        let bytes = Array((text ?? root?.text ?? "").utf8)
        // App Transport Security: the deployed app loads nothing over http, whatever the loop chose.
        let loadsHTTP = (1...3).contains { scale in
            if case .icon(let url, _) = IconsOracle.legacy(legacyRoot ?? root, scale: scale, base: base) {
                return url.lowercased().hasPrefix("http:")
            }
            return false
        }
        let tags = base.lowercased().hasPrefix("http:") || loadsHTTP ? tags + [.atsBlocked] : tags
        return GeneratedVector(
            .icons, group, name, input: bytes, expected: expectation(root, legacyRoot: legacyRoot, base: base),
            description: description,
            spec: spec, level: level, tags: tags, error: error,
            made: text == nil ? Self.made : Self.made + "; the input is a text literal")
    }

    public static func vectors() -> [GeneratedVector] {
        IconsSelectionCases.vectors() + IconsQuirkCases.vectors() + IconsResolutionCases.vectors()
    }
}

/// Selection over well-formed lists.
enum IconsSelectionCases {
    typealias F = IconsFamily
    static func valid(
        _ name: String, _ list: [JSONValue], _ description: String, spec: String = "icons.select",
        tags: [VectorTag]
    ) -> GeneratedVector {
        F.vector(.valid, name, F.icons(list), description, spec: spec, tags: tags)
    }

    static let readme = [
        F.square(29, "img/icon.png"), F.square(58, "img/icon@2x.png"), F.square(87, "img/icon@3x.png"),
        F.square(1024, "img/icon-1024.png"),
    ]

    static func vectors() -> [GeneratedVector] {
        [
            valid(
                "readme-example", readme, "the repository's appInfo.json: an exact match at every scale",
                tags: [.exactMatch]),
            valid("readme-reversed", readme.reversed(), "the README icons in reverse order", tags: [.exactMatch]),
            valid(
                "readme-root-relative",
                [
                    F.square(29, "/img/icon.png"), F.square(58, "/img/icon@2x.png"),
                    F.square(87, "/img/icon@3x.png"),
                ],
                "the first published appInfo.json: \"/img/…\" goes to the host root", tags: [.exactMatch, .resolution]),
            valid(
                "only-29", [F.square(29, "a.png")], "a single 29 px icon: exact at scale 1, nothing larger at 2 and 3",
                tags: [.exactMatch, .noneLarger]),
            valid(
                "only-1024", [F.square(1024, "big.png")], "a single 1024 px icon serves every scale", tags: [.larger]),
            valid(
                "only-smaller", [F.square(16, "a.png"), F.square(20, "b.png"), F.square(28, "c.png")],
                "every icon smaller than 29: no icon", tags: [.noneLarger]),
            valid("empty-icons", [], "an empty icons array", tags: [.noneLarger]),
            valid(
                "smallest-larger",
                [
                    F.square(1024, "a.png"), F.square(120, "b.png"), F.square(60, "c.png"),
                    F.square(90, "d.png"),
                ],
                "no exact match: the smallest icon larger than the target", tags: [.larger]),
            valid(
                "exact-after-larger", [F.square(60, "a.png"), F.square(58, "b.png")],
                "an exact match later in the list beats an earlier larger one", tags: [.exactMatch, .larger]),
            valid(
                "exact-duplicates-first-wins", [F.square(58, "a.png"), F.square(58, "b.png")],
                "two exact matches: the first wins", tags: [.exactMatch]),
            valid(
                "larger-ties-first-wins", [F.square(100, "a.png"), F.square(100, "b.png")],
                "two equal larger icons: the first wins", tags: [.larger]),
            valid(
                "scale-3-87-and-88", [F.square(88, "a.png"), F.square(87, "b.png")],
                "88 then 87: exact 87 at scale 3, 88 larger at 1 and 2", tags: [.exactMatch]),
            valid(
                "one-pixel-larger", [F.square(30, "a.png"), F.square(59, "b.png"), F.square(88, "c.png")],
                "each icon one pixel larger than a target", tags: [.larger]),
            valid(
                "zero-and-negative-sizes",
                [F.square(0, "zero.png"), F.square(-100, "neg.png"), F.square(200, "ok.png")],
                "zero and negative sizes never match", tags: [.larger]),
            valid("huge-size", [F.square(4_294_967_296, "huge.png")], "2^32 px is simply large", tags: [.larger]),
            valid(
                "hundred-icons-descending", (0..<100).map { F.square(1000 - 9 * $0, "i\($0).png") },
                "100 icons from 1000 px down by 9: the last ones compete", tags: [.larger]),
            valid(
                "non-square-exact-needs-both", [F.rect(58, 87, "a.png")],
                "58x87: not exact at scale 2; the original needs strictly larger in both dimensions",
                tags: [.nonSquare, .quirk]),
            valid(
                "non-square-wide", [F.rect(1024, 29, "wide.png"), F.square(100, "sq.png")],
                "a 1024x29 banner is not larger than 29 in height", tags: [.nonSquare]),
            valid(
                "non-square-height-vs-found-width", [F.rect(200, 60, "a.png"), F.square(100, "b.png")],
                "200x60 then 100x100: h < foundWidth lets the second replace the first at scale 2",
                tags: [.nonSquare, .quirk]),
            valid(
                "non-square-height-vs-found-width-keeps", [F.rect(60, 200, "a.png"), F.rect(59, 100, "b.png")],
                "60x200 then 59x100: h < foundWidth (100 < 60) keeps the larger first icon at scale 2",
                tags: [.nonSquare, .quirk]),
            valid(
                "non-square-tall-then-square", [F.rect(90, 300, "tall.png"), F.square(89, "sq.png")],
                "90x300 then 89x89 at scale 3", tags: [.nonSquare, .quirk]),
            valid(
                "extra-keys-ignored",
                [
                    .object([
                        ("width", .int(58)), ("height", .int(58)), ("src", .string("a.png")),
                        ("scale", .int(2)), ("purpose", .string("any")),
                    ])
                ],
                "unknown keys in an entry are ignored", tags: [.exactMatch]),
        ]
    }
}
