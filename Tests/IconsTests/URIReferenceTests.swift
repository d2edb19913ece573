// Tests/IconsTests/URIReferenceTests.swift - RFC 3986 §5.4 examples, remove_dot_segments and parsing

import Testing

@testable import Icons

@Suite struct URIReferenceTests {
    static let base = URIReference(parsing: "http://a/b/c/d;p?q")

    // RFC 3986 §5.4.1 and §5.4.2 (strict parser).
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ])
    func rfc3986Examples(reference: String, expected: String) {
        #expect(URIReference(parsing: reference).resolved(against: Self.base).text == expected)
    }

    @Test(arguments: [
        ("/a/b/c/./../../g", "/a/g"), ("mid/content=5/../6", "mid/6"), ("/..", "/"), ("", ""), ("a/..", "/"),
        ("../a", "a"), ("/a/.", "/a/"), ("/a//../b", "/a/b"),
    ])
    func removeDotSegments(path: String, expected: String) {
        #expect(URIReference.removeDotSegments(path) == expected)
    }

    @Test func parsingSplitsTheFiveComponents() {
        let parsed = URIReference(parsing: "https://u@h:8/p/q?x=1?y#f#g")
        #expect(
            parsed == URIReference(scheme: "https", authority: "u@h:8", path: "/p/q", query: "x=1?y", fragment: "f#g"))
        #expect(URIReference(parsing: "a/b:c").scheme == nil)
        #expect(URIReference(parsing: ":x").scheme == nil)
        #expect(URIReference(parsing: "http://h?q").authority == "h")
        #expect(URIReference(parsing: "?").query == "")
        #expect(URIReference(parsing: "").text == "")
    }
}
