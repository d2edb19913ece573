// Tests/IconsTests/FoundationJSONEdgeTests.swift - The JSON edges the legacy profile takes from Foundation, pinned

import Foundation
import Icons
import Testing

/// Docs/icons.md cites, for each JSON edge the legacy profile pins, what Apple's parser is reported to do; these
/// tests pin what the Foundation on this machine does, so a change in either shows up here first.
struct FoundationJSONEdgeTests {
    /// The category `parse` refuses with, nil when it accepts: every edge below is malformed JSON, never a limit.
    static func refusal(_ bytes: [UInt8], acceptTrailingCommas: Bool = false) -> AppInfoError.Category? {
        do {
            _ = try AppInfo.parse(bytes, acceptTrailingCommas: acceptTrailingCommas)
            return nil
        } catch {
            return error.category
        }
    }

    static let trailingComma = #"{"icons":[{"width":58,"height":58,"src":"a.png"},]}"#

    @Test(arguments: [#"{"icons":[1,]}"#, #"{"a":1,}"#, "{\"icons\":[1 , \n ]}"])
    func theLegacyProfileLeavesTrailingCommasToFoundationWhichAcceptsThem(text: String) throws {
        _ = try AppInfo.parse(Array(text.utf8), acceptTrailingCommas: true)
        // Foundation itself, without our check:
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
    }

    @Test(arguments: ["[1,,]", "[,]", "{,}"])
    func aLoneOrDoubledCommaIsMalformedForBothProfiles(text: String) {
        #expect(Self.refusal(Array(text.utf8), acceptTrailingCommas: true) == .malformedJSON)
        #expect(Self.refusal(Array(text.utf8)) == .malformedJSON)
    }

    @Test func theLegacyProfileSelectsFromAListWithATrailingComma() {
        let base = "https://example.com/apps/demo/appInfo.json"
        let legacy = IconSelector.select(
            json: Array(Self.trailingComma.utf8), scale: 2, appInfoURL: base, profile: .legacy)
        #expect(legacy == .icon(url: "https://example.com/apps/demo/a.png", width: 58, height: 58, index: 0))
        let recommended = IconSelector.select(
            json: Array(Self.trailingComma.utf8), scale: 2, appInfoURL: base, profile: .recommended)
        #expect(recommended != legacy)
    }

    @Test func foundationNestsAtMost512Levels() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        }
        _ = try AppInfo.parse(nested(512), acceptTrailingCommas: true)
        #expect(Self.refusal(nested(513), acceptTrailingCommas: true) == .malformedJSON)
    }

    @Test(arguments: ["1", "\"icons\"", "null", "true"])
    func fragmentsAtTheRootAreErrorsWithoutAllowFragments(text: String) {
        #expect(Self.refusal(Array(text.utf8), acceptTrailingCommas: true) == .malformedJSON)
    }

    /// UTF-16/32 input (a NUL among the first four bytes) is left to Foundation whole by both profiles. Foundation
    /// reads `5b000000 5d000000` as UTF-32LE `[]` and drops a partial last unit (`2c 5d`): FuzzIconSelection's
    /// finding, kept as icons/regressions/oracle-utf32-text-not-a-trailing-comma (read from its file).
    @Test func foundationReadsUTF32AndDropsAPartialLastUnit() throws {
        let vector = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Vectors/icons/regressions/oracle-utf32-text-not-a-trailing-comma.appinfo")
        let body = try [UInt8](Data(contentsOf: vector))
        #expect(body.count == 10 && body.starts(with: [0x5b, 0, 0, 0, 0x5d, 0, 0, 0]), "the finding, as described")
        let root = try JSONSerialization.jsonObject(with: Data(body))
        #expect((root as? [Any])?.isEmpty == true)
        for acceptTrailingCommas in [false, true] {
            let info = try AppInfo.parse(body, acceptTrailingCommas: acceptTrailingCommas)
            #expect(!info.rootIsDictionary)
        }
        // Made whole, the last unit is U+5D2C, which is not JSON.
        #expect(Self.refusal(body + [0, 0]) == .malformedJSON)
    }

    @Test(arguments: ["[01]", "[1.]", "[.5]", "[+1]", "[0x10]", "[NaN]", "[1e400]"])
    func numberFormsOutsideJSONAreErrors(text: String) {
        #expect(Self.refusal(Array(text.utf8), acceptTrailingCommas: true) == .malformedJSON)
    }
}
