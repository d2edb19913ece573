// Tests/FuzzCommonTests/IconOracleParseTests.swift - The icon-selection oracle judges the parse it is given

import Icons
import Testing

@testable import FuzzCommon

/// The oracle takes the parse from `IconSelector.parseAndSelect` (one parse per input); these
/// show that it still calls a selection from a failed parse a finding, in both profiles.
struct IconOracleParseTests {
    static let rejected = AppInfoError(category: .malformedJSON, offset: 3, detail: "test")

    @Test(arguments: IconProfile.allCases)
    func anIconFromAFailedParseIsAFinding(profile: IconProfile) {
        let parsed = ParsedSelection(
            appInfo: .failure(Self.rejected),
            selection: .icon(url: "https://example.com/app/a.png", width: 58, height: 58, index: 0))
        let finding = #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 2, profile: profile))
        }
        #expect(finding?.target == IconSelectionCheck.target)
    }

    @Test func aRaiseFromAFailedParseIsALegacyFinding() {
        let parsed = ParsedSelection(appInfo: .failure(Self.rejected), selection: .originalRaises(.rootNotDictionary))
        let finding = #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 1, profile: .legacy))
        }
        #expect(finding?.invariant.hasPrefix("legacy (scale 1): ") == true, "\(String(describing: finding))")
    }

    @Test func otherNoIconReasonsForAFailedParseAreALegacyFinding() {
        let parsed = ParsedSelection(appInfo: .failure(Self.rejected), selection: .none(.iconsMissing))
        let finding = #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.check(parsed, options: IconFuzzOptions(scale: 1, profile: .legacy))
        }
        #expect(finding?.invariant.hasPrefix("legacy (scale 1): ") == true, "\(String(describing: finding))")
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

    @Test func aTrailingCommaAcceptedByTheRecommendedProfileIsAFinding() throws {
        let json = Array(#"{"icons": [{"width": 29, "height": 29, "src": "a.png"},]}"#.utf8)
        // As a recommended profile handed the legacy rule would parse it.
        let info = try AppInfo.parse(json, acceptTrailingCommas: true)
        let wrong = ParsedSelection(appInfo: .success(info), selection: .none(.noneLargeEnough))
        let finding = #expect(throws: FuzzFinding.self) {
            try IconSelectionCheck.checkTrailingCommaRule(
                wrong, json: json, options: IconFuzzOptions(scale: 1, profile: .recommended))
        }
        #expect(finding?.invariant == "the recommended profile refuses a trailing comma (RFC 8259)")
        // The legacy profile may accept it (Foundation decides, as in the original).
        try IconSelectionCheck.checkTrailingCommaRule(
            wrong, json: json, options: IconFuzzOptions(scale: 1, profile: .legacy))
        // The real recommended profile refuses it: no finding.
        try IconSelectionCheck.check(json, options: IconFuzzOptions(scale: 1, profile: .recommended))
    }

    @Test func theOraclesCommaScanFindsOnlyTrailingCommas() {
        let cases: [(String, Int?)] = [
            ("[1,2]", nil), ("[1,]", 2), ("{\"a\":1 ,\n\t}", 7), (#"["a,]"]"#, nil), (#"["\\",]"#, 5),
            (#"["\",]"]"#, nil), ("[1,\u{0}]", nil), ("[,]", 1), ("[1, 2 , ]", 6),
        ]
        for (text, expected) in cases {
            #expect(IconSelectionCheck.trailingComma(in: Array(text.utf8)) == expected, "\(text)")
        }
    }

    /// The memchr prefilter never hides a comma the full scan finds (every text of up to six pieces).
    @Test func thePrefilteredCommaScanEqualsTheFullScan() {
        let pieces = [",", " ", "\n", "]", "}", "\"", "\\", "1", "\t"]
        var texts: [[UInt8]] = [[]]
        var found = 0
        for _ in 0..<6 {
            texts = texts.flatMap { text in pieces.map { text + Array($0.utf8) } }
            for text in texts {
                let expected = IconSelectionCheck.scanForTrailingComma(text)
                if expected != nil { found += 1 }
                #expect(IconSelectionCheck.trailingComma(in: text) == expected, "\(text)")
            }
        }
        #expect(found > 1000)
    }

    /// FuzzIconSelection's finding of 2026-12-01 (`06 5b000000 5d000000 2c5d`, scale 3, recommended; the body is
    /// the vector icons/regressions/oracle-utf32-text-not-a-trailing-comma, read from its file):
    /// Foundation reads the body as UTF-32LE `[]` and accepts it; the oracle's byte scan called bytes 8-9
    /// a trailing comma. The recommended profile leaves UTF-16/32 input to Foundation whole, so the
    /// oracle's rule, like the parser's, judges UTF-8 text only.
    @Test func utf32TextIsNotJudgedByItsBytes() throws {
        let finding = try IconsRegressionVectorTests.finding()
        try IconSelectionCheck.run(finding)
        for options in IconFuzzOptions.allConfigurations {
            try IconSelectionCheck.check(Array(finding.dropFirst()), options: options)
        }
        #expect(IconSelectionCheck.trailingComma(in: Array(finding.dropFirst())) == nil)
        #expect(IconSelectionCheck.trailingComma(in: Array("[1\u{0},]".utf8)) == nil)
        #expect(IconSelectionCheck.trailingComma(in: Array("[1,\n]".utf8)) == 2)
    }
}
