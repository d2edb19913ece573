// Tests/IconsTests/LegacyURLResolverTests.swift - Legacy src resolution, checked against Foundation's NSURL

import Foundation
import SeededRandom
import Testing

@testable import Icons

@Suite struct LegacyURLResolverTests {
    static let base = "https://example.com/app/appInfo.json"

    @Test(arguments: [
        ("img/icon.png", "https://example.com/app/img/icon.png"),
        ("./img/icon.png", "https://example.com/app/img/icon.png"),
        ("../icon.png", "https://example.com/icon.png"),
        // classic CFURL keeps ".." that climbs above the root (RFC 3986 would drop them)
        ("../../../icon.png", "https://example.com/../../icon.png"),
        ("/img/icon.png", "https://example.com/img/icon.png"),
        ("/./img/icon.png", "https://example.com/./img/icon.png"),
        ("//cdn.example.net/x.png", "https://cdn.example.net/x.png"),
        ("https://other.example/y.png", "https://other.example/y.png"),
        ("http://insecure.example/y.png", "http://insecure.example/y.png"),
        ("x.png?v=2&s=a", "https://example.com/app/x.png?v=2&s=a"),
        ("x.png#frag", "https://example.com/app/x.png#frag"),
        ("?v=3", "https://example.com/app/appInfo.json?v=3"),
        ("a%20b.png", "https://example.com/app/a%20b.png"),
        ("icon:2x.png", "icon:2x.png"),
        ("img/a:b.png", "https://example.com/app/img/a:b.png"),
        ("", "https://example.com/app/appInfo.json"),
        ("img/[x].png", "https://example.com/app/img/%5Bx%5D.png"),
        ("///x.png", "https://example.com/x.png"),
    ])
    func resolvesToTheExpectedAbsoluteURL(src: String, expected: String) {
        #expect(LegacyURLResolver.resolve(src, against: Self.base) == expected)
    }

    @Test(arguments: [
        "ïcon.png", "has space.png", "100%.png", "a#b#c", "a\"b", "a<b>", "a{b}", "a|b", "a\\b", "a^b", "a`b",
    ])
    func illegalStringsGiveNil(src: String) {
        #expect(LegacyURLResolver.resolve(src, against: Self.base) == nil)
    }

    // RFC 1808 §5 examples as classic CFURL answers them (";x" and "" differ from RFC 1808).
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("/g", "http://a/g"), ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"), ("#s", "http://a/b/c/d;p?q#s"), (";x", "http://a/b/c/;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("..", "http://a/b/"), ("../..", "http://a/"),
        ("", "http://a/b/c/d;p?q#f"),
        ("../../../g", "http://a/../g"), ("../../../../g", "http://a/../../g"), ("/./g", "http://a/./g"),
        ("/../g", "http://a/../g"), ("g/../h", "http://a/b/c/h"), ("./g/.", "http://a/b/c/g/"), ("http:g", "http:g"),
    ])
    func rfc1808Examples(reference: String, expected: String) {
        #expect(LegacyURLResolver.resolve(reference, against: "http://a/b/c/d;p?q#f") == expected)
    }

    @Test func resolvedPathTranscription() {
        func run(_ text: String) -> String {
            String(decoding: LegacyURLResolver.resolvedPath(Array(text.utf16)), as: UTF16.self)
        }
        #expect(run("/b/c/../../../g") == "/../g")
        #expect(run("/b/c/./g/.") == "/b/c/g/")
        #expect(run("a/..") == "./\u{0}")
        #expect(run("./") == "./")
    }

    /// Foundation on Linux still ships classic CFURL behind NSURL: random relative strings resolve
    /// identically, outside the two documented exceptions (a leading ":" and "[" / "]").
    @Test func agreesWithFoundationsNSURLOnRandomStrings() {
        let pieces = [
            "a", "b", "/", "/", ".", "..", "./", "../", "?", "#", ";", ":", "%20", "%2", " ", "ï", "@", "//", "x.png",
            "=", "&", "+", "-", "~", "'", "!", "*", "(", "$", ",", "\u{0}", "\\", "|",
        ]
        let bases = [
            "https://example.com/dir/appInfo.json", "http://a/b/c/d;p?q#f", "https://h", "https://h/",
            "https://u@h:8/a/b?c", "https://h/a/b/",
        ]
        var random = SeededGenerator(seed: 1808)
        var compared = 0
        for index in 0..<20000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            if text.hasPrefix(":") { continue }
            let base = bases[index % bases.count]
            let foundation = NSURL(string: text, relativeTo: URL(string: base))?.absoluteString
            #expect(LegacyURLResolver.resolve(text, against: base) == foundation, "\(text.debugDescription) on \(base)")
            compared += 1
        }
        #expect(compared > 15000)
    }

    /// Swift's URL (RFC 3986, swift-foundation) is not what the original used: it differs here.
    @Test func swiftURLDiffersFromTheOriginal() {
        let base = URL(string: Self.base)
        #expect(URL(string: "../../../icon.png", relativeTo: base)?.absoluteString == "https://example.com/icon.png")
        #expect(
            URL(string: "has space.png", relativeTo: base)?.absoluteString == "https://example.com/app/has%20space.png")
        #expect(LegacyURLResolver.resolve("has space.png", against: Self.base) == nil)
    }

    @Test func usableBases() {
        #expect(LegacyURLResolver.isUsableBase("https://example.com/appInfo.json"))
        #expect(LegacyURLResolver.isUsableBase("HTTP://example.com"))
        #expect(!LegacyURLResolver.isUsableBase("ftp://example.com/appInfo.json"))
        #expect(!LegacyURLResolver.isUsableBase("https://exa mple.com/"))
        #expect(!LegacyURLResolver.isUsableBase("appInfo.json"))
        #expect(!LegacyURLResolver.isUsableBase("https:appInfo.json"))
    }
}
