// Tests/FuzzCommonTests/IconOracleParseTests.swift - The icon-selection oracle judges the parse it is given

import FuzzCommon
import Icons
import Testing

/// The oracle takes the parse from `IconSelector.parseAndSelect` (one parse per input); these
/// show that it still calls a selection from a failed parse a finding, in both profiles.
struct IconOracleParseTests {
    static let rejected = AppInfoError(category: .malformedJSON, offset: 3, detail: "test")

    @Test(arguments: IconProfile.allCases)
    func anIconFromAFailedParseIsAFinding(profile: IconProfile) {
        let parsed = ParsedSelection(
            appInfo: .failure(Self.rejected),
            selection: .icon(url: "https://example.com/app/a.png", width: 58, height: 58, index: 0))
        #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 2, profile: profile))
        }
    }

    @Test func aRaiseFromAFailedParseIsALegacyFinding() {
        let parsed = ParsedSelection(appInfo: .failure(Self.rejected), selection: .originalRaises(.rootNotDictionary))
        #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 1, profile: .legacy))
        }
    }

    @Test func otherNoIconReasonsForAFailedParseAreALegacyFinding() {
        let parsed = ParsedSelection(appInfo: .failure(Self.rejected), selection: .none(.iconsMissing))
        #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 1, profile: .legacy))
        }
    }

    @Test(arguments: IconProfile.allCases)
    func theRealSelectionOfAFailedParseIsNoFinding(profile: IconProfile) throws {
        let parsed = IconSelector.parseAndSelect(
            json: Array("{".utf8), scale: 2, appInfoURL: IconSelectionCheck.appInfoURL, profile: profile)
        guard case .failure = parsed.appInfo else {
            Issue.record("'{' parsed")
            return
        }
        try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 2, profile: profile))
    }
}
