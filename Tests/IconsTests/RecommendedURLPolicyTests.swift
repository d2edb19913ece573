// Tests/IconsTests/RecommendedURLPolicyTests.swift - Recommended src resolution: expected absolute URLs and refusals

import Testing

@testable import Icons

@Suite struct RecommendedURLPolicyTests {
    func resolve(_ src: String, base: String = "https://example.com/app/appInfo.json", loopback: Bool = false)
        -> Result<String, URLRefusal>
    {
        guard case .success(let parsed) = RecommendedURLPolicy.base(base) else { return .failure(URLRefusal("base")) }
        return RecommendedURLPolicy.resolve(
            src, against: parsed, options: SelectionOptions(allowLoopbackHTTP: loopback))
    }

    @Test(arguments: [
        ("img/icon.png", "https://example.com/app/img/icon.png"),
        ("./img/icon.png", "https://example.com/app/img/icon.png"),
        ("../icon.png", "https://example.com/icon.png"),
        ("../../../icon.png", "https://example.com/icon.png"),
        ("/img/icon.png", "https://example.com/img/icon.png"),
        ("//cdn.example.net/x.png", "https://cdn.example.net/x.png"),
        ("https://other.example/y.png", "https://other.example/y.png"),
        ("HTTPS://Other.Example/Y.png", "https://Other.Example/Y.png"),
        ("x.png?v=2&s=a", "https://example.com/app/x.png?v=2&s=a"),
        ("x.png#frag", "https://example.com/app/x.png#frag"),
        ("?v=3", "https://example.com/app/appInfo.json?v=3"),
        ("a%20b.png", "https://example.com/app/a%20b.png"),
        ("%E2%9C%93.png", "https://example.com/app/%E2%9C%93.png"),
        ("ïcon.png", "https://example.com/app/%C3%AFcon.png"),
        ("图标/✓.png", "https://example.com/app/%E5%9B%BE%E6%A0%87/%E2%9C%93.png"),
        ("https://example.com:8443/x.png", "https://example.com:8443/x.png"),
        ("https://[2001:db8::1]/x.png", "https://[2001:db8::1]/x.png"),
        ("icon;v=1.png", "https://example.com/app/icon;v=1.png"),
    ])
    func resolvesToTheExpectedAbsoluteURL(src: String, expected: String) {
        #expect(resolve(src) == .success(expected))
    }

    @Test(arguments: [
        ("http://example.com/x.png", "http is not https"),
        ("file:///etc/passwd", "file: URLs are refused"),
        ("data:image/png;base64,AAAA", "data: URLs are refused"),
        ("javascript:alert(1)", "javascript: URLs are refused"),
        ("JavaScript:alert(1)", "javascript: URLs are refused"),
        ("ftp://example.com/x.png", "scheme 'ftp' is not https"),
        ("https://user@example.com/x.png", "userinfo (user@host) is refused"),
        ("https://user:pw@example.com/x.png", "userinfo (user@host) is refused"),
        ("//user@cdn.example/x.png", "userinfo (user@host) is refused"),
        ("https:///x.png", "empty host"),
        ("https:x.png", "no host"),
        ("https://example.com:80a/x.png", "port '80a' is not a number"),
        ("has space.png", "not a URL: character ' ' at offset 3"),
        ("a\"b.png", "not a URL: character '\"' at offset 1"),
        ("100%.png", "not a URL: '%' not followed by two hex digits at offset 3"),
        ("a#b#c", "not a URL: character '#' at offset 3"),
        ("1x:icon.png", "not a URL: invalid scheme '1x'"),
        ("img/[x].png", "not a URL: '[' or ']' outside the host"),
        ("", "empty src"),
    ])
    func refusesWithAReason(src: String, reason: String) {
        #expect(resolve(src) == .failure(URLRefusal(reason)))
    }

    @Test func httpOnlyForLoopbackAndOnlyWhenAllowed() {
        #expect(resolve("http://127.0.0.1:8080/a.png", loopback: true) == .success("http://127.0.0.1:8080/a.png"))
        #expect(resolve("http://localhost/a.png", loopback: true) == .success("http://localhost/a.png"))
        #expect(resolve("http://[::1]/a.png", loopback: true) == .success("http://[::1]/a.png"))
        #expect(resolve("http://127.0.0.1/a.png") == .failure(URLRefusal("http is not https")))
        #expect(
            resolve("http://example.com/a.png", loopback: true)
                == .failure(URLRefusal("http is only allowed for loopback hosts")))
        #expect(
            resolve("a.png", base: "http://localhost:8000/appInfo.json", loopback: true)
                == .success("http://localhost:8000/a.png"))
        #expect(resolve("a.png", base: "http://example.com/appInfo.json") == .failure(URLRefusal("http is not https")))
    }

    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.255.1.2", true), ("[::1]", true),
        ("128.0.0.1", false), ("127.0.0", false), ("127.0.0.256", false), ("localhost.example", false),
        ("0x7f.0.0.1", false), ("[::2]", false),
    ])
    func loopbackHosts(host: String, expected: Bool) {
        #expect(RecommendedURLPolicy.isLoopback(host) == expected)
    }

    @Test func theAppInfoURLNeedsAScheme() {
        #expect(throws: URLRefusal("appInfoURL has no scheme")) { try RecommendedURLPolicy.base("/appInfo.json").get() }
        let unparsable = #expect(throws: URLRefusal.self) { try RecommendedURLPolicy.base("https://a b/").get() }
        #expect(unparsable != nil && unparsable != URLRefusal("appInfoURL has no scheme"), "refused for its space")
    }
}
