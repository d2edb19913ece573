// Tests/VectorSetTests/IconsOracleTests.swift - The generator's icon oracle against hand-computed answers and RFC 3986

import Testing

@testable import VectorGenerators

@Suite struct IconsOracleTests {
    static let base = "https://example.com/apps/demo/appInfo.json"

    @Test(arguments: [
        ("58", 58), ("58px", 58), ("  58", 58), ("+87", 87), ("-58", -58), ("abc", 0), ("", 0), ("58.9", 58),
        ("0x3A", 0), ("99999999999999999999", Int.max), ("-99999999999999999999", Int.min),
    ])
    func integerValueOfStrings(text: String, value: Int) {
        #expect(IconsOracle.integerValue(of: text) == value)
    }

    /// RFC 3986 §5.4.1 normal examples against base `http://a/b/c/d;p?q`.
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"), ("g:h", "g:h"),
        // §5.4.2 abnormal examples
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ])
    func rfc3986Examples(reference: String, target: String) {
        #expect(URLReference.resolve(reference, against: "http://a/b/c/d;p?q") == target)
    }

    @Test func legacyKeepsParentsAboveTheRoot() {
        #expect(URLReference.resolve("../../../g", against: "http://a/b/c/d;p?q", legacy: true) == "http://a/../g")
    }

    static func icons(_ list: [JSONValue]) -> JSONValue { .object([("icons", .array(list))]) }

    @Test func heightIsComparedWithTheFoundWidth() {
        // 200x60 is found first (foundWidth 200); 100x100 then passes "h < foundWidth" although 100 > 60.
        let root = Self.icons([IconsFamily.rect(200, 60, "a.png"), IconsFamily.square(100, "b.png")])
        #expect(
            IconsOracle.legacy(root, scale: 1, base: Self.base)
                == .icon(url: "https://example.com/apps/demo/b.png", index: 1))
        // 60x200 first (foundWidth 60); 59x100 fails "100 < 60" and the taller first icon stays.
        let kept = Self.icons([IconsFamily.rect(60, 200, "a.png"), IconsFamily.rect(59, 100, "b.png")])
        #expect(
            IconsOracle.legacy(kept, scale: 2, base: Self.base)
                == .icon(url: "https://example.com/apps/demo/a.png", index: 0))
        #expect(
            IconsOracle.recommended(kept, scale: 2, base: Self.base)
                == .icon(url: "https://example.com/apps/demo/b.png", index: 1))
    }

    @Test func raisingDependsOnWhatTheLoopReaches() {
        let root = Self.icons([IconsFamily.square(58, "a.png"), IconsFamily.entry(.null, .int(58), .string("b.png"))])
        #expect(
            IconsOracle.legacy(root, scale: 2, base: Self.base)
                == .icon(url: "https://example.com/apps/demo/a.png", index: 0))
        #expect(IconsOracle.legacy(root, scale: 1, base: Self.base) == .originalRaises)
        let numericSource = Self.icons([IconsFamily.entry(.int(58), .int(58), .int(5))])
        #expect(IconsOracle.legacy(numericSource, scale: 2, base: Self.base) == .originalRaises)
        #expect(IconsOracle.legacy(numericSource, scale: 3, base: Self.base) == .none)
        #expect(IconsOracle.legacy(.array([]), scale: 1, base: Self.base) == .originalRaises)
        #expect(IconsOracle.legacy(.string("x"), scale: 1, base: Self.base) == .none)
    }

    @Test func recommendedRefusesWhatIsNotHTTPS() {
        for src in [
            "http://example.com/i.png", "file:///etc/passwd", "data:image/png;base64,AA==", "https://u@h/i.png",
        ] {
            let root = Self.icons([IconsFamily.square(58, src)])
            #expect(IconsOracle.recommended(root, scale: 2, base: Self.base) == .none, "\(src)")
            #expect(IconsOracle.legacy(root, scale: 2, base: Self.base) != .none, "\(src)")
        }
    }
}
