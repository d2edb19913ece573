// Tests/DocumentSourceTests/ConventionRulesTests.swift - https URLs and relative paths

import DocumentSource
import Testing

@Suite struct ConventionRulesTests {
    @Test(arguments: [
        "https://workingcopyapp.com/appInfo.json", "HTTPS://example.com", "https://user@host:8443/a?b#c",
    ])
    func acceptsAbsoluteHTTPS(url: String) {
        #expect(ConventionRules.isAbsoluteHTTPS(url))
    }

    @Test(arguments: [
        "http://example.com/appInfo.json", "appInfo.json", "//example.com/a", "https:/example.com", "https://",
        "https:///path", "https://exa mple.com/", "ftp://example.com", "", "https://:443/",
    ])
    func refusesEverythingElse(url: String) {
        #expect(!ConventionRules.isAbsoluteHTTPS(url))
    }

    @Test func findsParentComponents() {
        #expect(ConventionRules.hasParentComponent("a/../b"))
        #expect(ConventionRules.hasParentComponent(".."))
        #expect(ConventionRules.hasParentComponent("a/.."))
        #expect(!ConventionRules.hasParentComponent("a/..b/c"))
        #expect(!ConventionRules.hasParentComponent("..."))
    }
}
