// Tests/IconsTests/SourceResolutionTests.swift - The public src resolution entry points

import Testing

@testable import Icons

@Suite struct SourceResolutionTests {
    @Test func publicEntryPointsMatchTheProfiles() {
        let base = "https://example.com/app/appInfo.json"
        #expect(SourceResolution.legacy("../../x.png", against: base) == "https://example.com/../x.png")
        #expect(SourceResolution.legacy("x.png", against: "ftp://example.com/") == nil)
        #expect(SourceResolution.recommended("../../x.png", against: base) == .success("https://example.com/x.png"))
        #expect(
            SourceResolution.recommended("x.png", against: "no scheme")
                == .failure(URLRefusal("appInfoURL: not a URL: character ' ' at offset 2")))
        #expect(AppInfoValue.string("58px").legacyIntegerValue == 58)
        #expect(AppInfoValue.null.legacyIntegerValue == nil)
    }
}
