// Tests/DocumentSourceTests/ConventionRulesTests.swift - https URLs and relative paths

import DocumentSource
import Testing

@Suite struct ConventionRulesTests {
    @Test(arguments: [
        "https://workingcopyapp.com/appInfo.json", "HTTPS://example.com", "https://host:8443/a?b#c",
        "https://host:65535/", "https://host:00443/", "https://[::1]:443/a", "https://exämple.com/ä",
        // "À" is C3 80 in UTF-8: the byte 0x80 is the first non-ASCII one, allowed like every other.
        "https://h/À",
    ])
    func acceptsAbsoluteHTTPS(url: String) {
        #expect(ConventionRules.isAbsoluteHTTPS(url))
    }

    @Test(arguments: [
        "http://example.com/appInfo.json", "appInfo.json", "//example.com/a", "https:/example.com", "https://",
        "https:///path", "https://exa mple.com/", "ftp://example.com", "", "https://:443/",
        // One URL rule (WebURLRule): no userinfo, ports within 0...65535, only characters a URL holds.
        "https://user@host:8443/a?b#c", "https://host:65536/", "https://host:99999999/", "https://h/<img>",
        "https://h/a>b", "https://h/a\u{1B}[2J", "https://h/a\nappInfoURL: x", "https://h/%zz", "https://h:8x/",
        // http stays refused for loopback hosts too: only `xds select-icon --allow-loopback-http` allows them.
        "http://localhost/appInfo.json", "http://127.0.0.1:8443/appInfo.json", "http://[::1]/",
    ])
    func refusesEverythingElse(url: String) {
        #expect(!ConventionRules.isAbsoluteHTTPS(url))
    }

    /// A `%` needs two hex digits after it, also at the very end of the URL, where they would lie past it.
    @Test(arguments: [("https://h/a%", 11), ("https://h/a%4", 11), ("https://h/%4g", 10), ("https://h/%", 10)])
    func aPercentSignWithoutTwoHexDigitsIsRefusedWhereItIs(url: String, offset: Int) {
        #expect(WebURLRule.characterRefusal(url) == "not a URL: '%' not followed by two hex digits at offset \(offset)")
    }

    @Test func findsParentComponents() {
        #expect(ConventionRules.hasParentComponent("a/../b"))
        #expect(ConventionRules.hasParentComponent(".."))
        #expect(ConventionRules.hasParentComponent("a/.."))
        #expect(!ConventionRules.hasParentComponent("a/..b/c"))
        #expect(!ConventionRules.hasParentComponent("..."))
    }

    /// The loopback rule lives here (the icon policy's `isLoopback` forwards to it): http to these hosts is
    /// allowed only when asked for, as the fixture server of the icon-loading vectors needs.
    @Test(arguments: [
        ("localhost", true), ("LocalHost", true), ("[::1]", true), ("127.0.0.1", true), ("127.9.8.7", true),
        ("128.0.0.1", false), ("127.0.0.1.2", false), ("127.0.0.256", false), ("127.0.0.+1", false),
        ("localhost.example", false), ("[::2]", false),
        // The bounds of a part: 255 is a byte, a fourth digit is not (survivors of the 2026-12-07 sample).
        ("127.0.0.255", true), ("127.255.255.255", true), ("0127.0.0.1", false), ("127.0.0.0001", false),
    ])
    func loopbackHosts(host: String, expected: Bool) {
        #expect(WebURLRule.isLoopback(host) == expected)
        #expect(WebURLRule.refusal("http://\(host)/a", allowLoopbackHTTP: true) == nil || !expected)
    }

    /// Every RFC 3986 unreserved and reserved character is a URL character (dropping `(`…`,` from the set survived
    /// the other tests), and the first character is checked like the rest (starting at the second survived too).
    @Test func everyURICharacterIsAcceptedAndTheFirstIsChecked() {
        for character in "-._~:/?#[]@!$&'()*+,;=" {
            #expect(WebURLRule.characterRefusal("https://h/a\(character)b") == nil, "\(character)")
        }
        #expect(WebURLRule.characterRefusal("<https://h/>") == "not a URL: character '<' (U+003C) at offset 0")
    }

    /// A refused character is named with its code point, so that an invisible one can be found.
    @Test func refusedCharactersAreNamedByCodePoint() {
        #expect(WebURLRule.characterRefusal("https://h/a\u{1F}") == "not a URL: character U+001F at offset 11")
        #expect(WebURLRule.characterRefusal("https://h/a b") == "not a URL: character ' ' (U+0020) at offset 11")
        #expect(WebURLRule.characterRefusal("https://h/a\u{7F}")?.contains("U+007F") == true)
    }
}
