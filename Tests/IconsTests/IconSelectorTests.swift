// Tests/IconsTests/IconSelectorTests.swift - Every quirk of the original, at scales 1, 2 and 3, in both profiles

import Testing

@testable import Icons

let appInfoURL = "https://example.com/app/appInfo.json"

/// Selects from JSON text.
func pick(_ json: String, scale: Int, _ profile: IconProfile) -> IconSelection {
    IconSelector.select(json: Array(json.utf8), scale: scale, appInfoURL: appInfoURL, profile: profile)
}

/// The expected icon for `src` relative to ``appInfoURL``.
func icon(_ src: String, _ width: Int, _ height: Int, at index: Int) -> IconSelection {
    .icon(url: "https://example.com/app/" + src, width: width, height: height, index: index)
}

/// `{"width":W,"height":H,"src":"S"}` with W and H given as JSON literals.
func entry(_ width: Any, _ height: Any, _ src: String) -> String {
    "{\"width\":\(width),\"height\":\(height),\"src\":\"\(src)\"}"
}

func icons(_ entries: String...) -> String { "{\"icons\":[" + entries.joined(separator: ",") + "]}" }

@Suite struct IconSelectorTests {
    @Test(arguments: [1, 2, 3])
    func theSeedsAppInfoPicksTheScalesIcon(scale: Int) {
        let json = icons(
            entry(29, 29, "img/icon.png"), entry(58, 58, "img/icon@2x.png"), entry(87, 87, "img/icon@3x.png"),
            entry(1024, 1024, "img/icon-1024.png"))
        let names = [1: "img/icon.png", 2: "img/icon@2x.png", 3: "img/icon@3x.png"]
        for profile in IconProfile.allCases {
            #expect(
                pick(json, scale: scale, profile) == icon(names[scale] ?? "", 29 * scale, 29 * scale, at: scale - 1))
        }
    }

    @Test(arguments: [1, 2, 3])
    func firstExactMatchWinsAndEndsTheSearch(scale: Int) {
        let t = 29 * scale
        // A later entry whose width is null would raise in legacy, were the loop to reach it.
        let json = icons(
            entry(t + 1, t + 1, "big.png"), entry(t, t, "a.png"), entry(t, t, "b.png"), entry("null", t, "x"))
        #expect(pick(json, scale: scale, .legacy) == icon("a.png", t, t, at: 1))
        #expect(pick(json, scale: scale, .recommended) == icon("a.png", t, t, at: 1))
    }

    @Test(arguments: [1, 2, 3])
    func heightIsComparedWithTheFoundWidth(scale: Int) {
        let t = 29 * scale
        // A is tall; B is smaller in both dimensions, but B's height is not below A's WIDTH.
        let json = icons(entry(t + 10, t + 100, "a.png"), entry(t + 5, t + 50, "b.png"))
        #expect(pick(json, scale: scale, .legacy) == icon("a.png", t + 10, t + 100, at: 0))
        #expect(pick(json, scale: scale, .recommended) == icon("b.png", t + 5, t + 50, at: 1))
        // A is wide; B is taller than A yet replaces it because B's height is below A's width.
        let wide = icons(entry(t + 100, t + 10, "a.png"), entry(t + 50, t + 60, "b.png"))
        #expect(pick(wide, scale: scale, .legacy) == icon("b.png", t + 50, t + 60, at: 1))
        #expect(pick(wide, scale: scale, .recommended) == icon("a.png", t + 100, t + 10, at: 0))
    }

    @Test(arguments: [1, 2, 3])
    func numericStringsAreCoercedByLegacyOnly(scale: Int) {
        let t = 29 * scale
        let json = icons(entry("\"\(t)px\"", "\" \(t)\"", "s.png"), entry(t * 2, t * 2, "n.png"))
        #expect(pick(json, scale: scale, .legacy) == icon("s.png", t, t, at: 0))
        #expect(pick(json, scale: scale, .recommended) == icon("n.png", t * 2, t * 2, at: 1))
        // "abc" is 0: never large enough, never raises.
        #expect(pick(icons(entry("\"abc\"", t, "s.png")), scale: scale, .legacy) == .none(.noneLargeEnough))
    }

    @Test(arguments: [1, 2, 3])
    func realsTruncateInLegacyAndAreSkippedByRecommended(scale: Int) {
        let t = 29 * scale
        let json = icons(entry("\(t).9", "\(t).0", "r.png"), entry(t + 1, t + 1, "n.png"))
        #expect(pick(json, scale: scale, .legacy) == icon("r.png", t, t, at: 0))
        #expect(pick(json, scale: scale, .recommended) == icon("n.png", t + 1, t + 1, at: 1))
    }

    @Test(arguments: [1, 2, 3])
    func booleansAreOneAndZeroInLegacyAndSkippedByRecommended(scale: Int) {
        let json = icons(entry("true", "true", "b.png"))
        #expect(pick(json, scale: scale, .legacy) == .none(.noneLargeEnough))
        #expect(pick(json, scale: scale, .recommended) == .none(.noEligibleIcon))
    }

    @Test(arguments: [1, 2, 3])
    func entriesMissingAKeyAreSkipped(scale: Int) {
        let t = 29 * scale
        let json = icons(
            "{\"width\":\(t),\"height\":\(t)}", "{\"width\":\(t),\"src\":\"h.png\"}",
            "{\"height\":\(t),\"src\":\"w.png\"}",
            entry(t * 3, t * 3, "ok.png"))
        for profile in IconProfile.allCases {
            #expect(pick(json, scale: scale, profile) == icon("ok.png", t * 3, t * 3, at: 3))
        }
    }

    @Test(arguments: [1, 2, 3])
    func nonDictionaryEntriesAreSkipped(scale: Int) {
        let t = 29 * scale
        let json = icons("1", "\"x\"", "null", "[1]", "true", entry(t, t, "ok.png"))
        for profile in IconProfile.allCases {
            #expect(pick(json, scale: scale, profile) == icon("ok.png", t, t, at: 5))
        }
    }

    @Test(arguments: [1, 2, 3])
    func iconsThatIsNotAnArrayGivesNoIcon(scale: Int) {
        for profile in IconProfile.allCases {
            #expect(pick("{\"icons\":{\"width\":29}}", scale: scale, profile) == .none(.iconsNotArray("dictionary")))
            #expect(pick("{\"icons\":\"a\"}", scale: scale, profile) == .none(.iconsNotArray("string")))
            #expect(pick("{\"other\":[]}", scale: scale, profile) == .none(.iconsMissing))
        }
    }

    @Test(arguments: [1, 2, 3])
    func anArrayRootRaisesInLegacy(scale: Int) {
        let json = "[" + entry(29 * scale, 29 * scale, "a.png") + "]"
        #expect(pick(json, scale: scale, .legacy) == .originalRaises(.rootNotDictionary))
        #expect(pick(json, scale: scale, .recommended) == .none(.rootNotDictionary))
    }

    @Test(arguments: [1, 2, 3])
    func aChosenNonStringSrcRaisesInLegacy(scale: Int) {
        let t = 29 * scale
        for src in ["58", "null", "[]", "{}", "true"] {
            let json = icons("{\"width\":\(t),\"height\":\(t),\"src\":\(src)}", entry(t, t, "ok.png"))
            #expect(pick(json, scale: scale, .legacy) == .originalRaises(.sourceNotString(index: 0, kind: kindOf(src))))
            #expect(pick(json, scale: scale, .recommended) == icon("ok.png", t, t, at: 1))
        }
        // A non-string src that is later replaced by a better entry does not raise.
        let replaced = icons("{\"width\":\(t + 9),\"height\":\(t + 9),\"src\":7}", entry(t + 1, t + 1, "ok.png"))
        #expect(pick(replaced, scale: scale, .legacy) == icon("ok.png", t + 1, t + 1, at: 1))
    }

    func kindOf(_ literal: String) -> String {
        switch literal {
        case "null": return "null"
        case "[]": return "array"
        case "{}": return "dictionary"
        case "true": return "boolean"
        default: return "integer"
        }
    }

    @Test(arguments: [1, 2, 3])
    func sizesWithoutIntegerValueRaiseInLegacy(scale: Int) {
        let t = 29 * scale
        for (literal, kind) in [("null", "null"), ("[58]", "array"), ("{}", "dictionary")] {
            let badWidth = icons(entry(literal, t, "x.png"), entry(t, t, "ok.png"))
            #expect(
                pick(badWidth, scale: scale, .legacy)
                    == .originalRaises(.sizeWithoutIntegerValue(index: 0, key: "width", kind: kind)))
            #expect(pick(badWidth, scale: scale, .recommended) == icon("ok.png", t, t, at: 1))
            let badHeight = icons(entry(t + 1, t + 1, "a.png"), entry(t, literal, "x.png"))
            #expect(
                pick(badHeight, scale: scale, .legacy)
                    == .originalRaises(.sizeWithoutIntegerValue(index: 1, key: "height", kind: kind)))
            #expect(pick(badHeight, scale: scale, .recommended) == icon("a.png", t + 1, t + 1, at: 0))
        }
    }

    @Test(arguments: [1, 2, 3])
    func onlySmallerIconsGiveNoIcon(scale: Int) {
        let t = 29 * scale
        let json = icons(entry(t - 1, t - 1, "a.png"), entry(t, t - 1, "b.png"), entry(t + 50, t - 1, "c.png"))
        for profile in IconProfile.allCases {
            #expect(pick(json, scale: scale, profile) == .none(.noneLargeEnough))
        }
    }

    @Test(arguments: [1, 2, 3])
    func malformedJSONGivesNoIcon(scale: Int) {
        for profile in IconProfile.allCases {
            guard case .none(.appInfoRejected(let error)) = pick("{\"icons\":[", scale: scale, profile) else {
                Issue.record("expected a rejection")
                continue
            }
            #expect(error.category == .malformedJSON)
        }
    }

    @Test(arguments: [1, 2, 3])
    func aWidthOfNSIntegerMaxIsNeverChosenByLegacy(scale: Int) {
        // foundWidth starts at NSIntegerMax and the comparison is strict.
        let json = icons(entry("\"99999999999999999999\"", "\"99999999999999999999\"", "max.png"))
        #expect(pick(json, scale: scale, .legacy) == .none(.noneLargeEnough))
        let almost = icons(entry(Int.max - 1, Int.max - 1, "m.png"))
        #expect(pick(almost, scale: scale, .legacy) == icon("m.png", Int.max - 1, Int.max - 1, at: 0))
        #expect(pick(almost, scale: scale, .recommended) == icon("m.png", Int.max - 1, Int.max - 1, at: 0))
        #expect(
            pick(icons(entry("9223372036854775808", 100, "big.png")), scale: scale, .recommended)
                == .none(.noEligibleIcon))
    }

    @Test(arguments: [1, 2, 3])
    func negativeSizesAreNeverLarger(scale: Int) {
        // Compared as doubles (scale is a CGFloat): -1 is not converted to a huge unsigned value.
        let json = icons(entry(-1, -1, "neg.png"), entry("\"-5000\"", 10_000, "s.png"))
        #expect(pick(json, scale: scale, .legacy) == .none(.noneLargeEnough))
        #expect(pick(json, scale: scale, .recommended) == .none(.noEligibleIcon))
    }

    @Test(arguments: [1, 2, 3])
    func equalCandidatesKeepTheFirst(scale: Int) {
        let t = 29 * scale
        let json = icons(entry(t + 4, t + 4, "first.png"), entry(t + 4, t + 4, "second.png"))
        for profile in IconProfile.allCases {
            #expect(pick(json, scale: scale, profile) == icon("first.png", t + 4, t + 4, at: 0))
        }
        // Recommended: equal areas, different shapes: the first in the list.
        let shapes = icons(entry(t * 2, t * 3, "a.png"), entry(t * 3, t * 2, "b.png"))
        #expect(pick(shapes, scale: scale, .recommended) == icon("a.png", t * 2, t * 3, at: 0))
    }

    @Test(arguments: [1, 2, 3])
    func recommendedPrefersTheSmallestArea(scale: Int) {
        let t = 29 * scale
        let json = icons(
            entry(t * 4, t * 4, "big.png"), entry(t + 1, t * 3, "tall.png"), entry(t * 2, t * 2, "mid.png"))
        // Areas 16t², 3t²+3t, 4t²: "tall" is smallest. Legacy agrees: tall replaces big (t+1 < 4t, 3t < 4t),
        // and mid does not replace tall (2t is not below the found width t+1).
        #expect(pick(json, scale: scale, .recommended) == icon("tall.png", t + 1, t * 3, at: 1))
        #expect(pick(json, scale: scale, .legacy) == icon("tall.png", t + 1, t * 3, at: 1))
    }

    @Test(arguments: [1, 2, 3])
    func anUnparsableSrcGivesNoIconInLegacyButRecommendedFallsBack(scale: Int) {
        let t = 29 * scale
        let json = icons(entry(t, t, "has space.png"), entry(t + 1, t + 1, "ok.png"))
        #expect(
            pick(json, scale: scale, .legacy)
                == .none(.sourceUnresolvable(index: 0, detail: "'has space.png' is not a legal URL string")))
        #expect(pick(json, scale: scale, .recommended) == icon("ok.png", t + 1, t + 1, at: 1))
    }

    @Test(arguments: [1, 2, 3])
    func recommendedRefusesInsecureSources(scale: Int) {
        let t = 29 * scale
        let json = icons(
            entry(t, t, "http://example.com/a.png"), entry(t, t, "file:///etc/passwd"),
            entry(t, t, "data:image/png;base64,AAAA"), entry(t, t, "javascript:alert(1)"),
            entry(t, t, "https://user@example.com/u.png"), entry(t * 2, t * 2, "ok.png"))
        #expect(pick(json, scale: scale, .recommended) == icon("ok.png", t * 2, t * 2, at: 5))
        #expect(
            pick(json, scale: scale, .legacy)
                == .icon(url: "http://example.com/a.png", width: t, height: t, index: 0))
        let loopback = icons(entry(t, t, "http://127.0.0.1:8080/a.png"))
        let allowed = IconSelector.select(
            json: Array(loopback.utf8), scale: scale, appInfoURL: appInfoURL, profile: .recommended,
            options: SelectionOptions(allowLoopbackHTTP: true))
        #expect(allowed == .icon(url: "http://127.0.0.1:8080/a.png", width: t, height: t, index: 0))
        #expect(pick(loopback, scale: scale, .recommended) == .none(.noEligibleIcon))
    }

    @Test(arguments: [0, -1, 1001, Int.max, Int.min])
    func scalesOutsideTheRangeGiveNoIcon(scale: Int) {
        for profile in IconProfile.allCases {
            #expect(pick(icons(entry(29, 29, "a.png")), scale: scale, profile) == .none(.invalidScale(scale)))
        }
    }

    @Test func anUnusableAppInfoURLGivesNoIconBeforeTheJSONIsRead() {
        for base in ["", "not a url", "/relative/appInfo.json", "ftp://example.com/appInfo.json"] {
            let result = IconSelector.select(
                json: Array("[1]".utf8), scale: 2, appInfoURL: base, profile: .legacy)
            guard case .none(.invalidAppInfoURL) = result else {
                Issue.record("\(base): \(result)")
                continue
            }
        }
        let recommended = IconSelector.select(json: Array("{".utf8), scale: 2, appInfoURL: "x y", profile: .recommended)
        guard case .none(.invalidAppInfoURL) = recommended else {
            Issue.record("\(recommended)")
            return
        }
    }

    @Test func explainNotesEveryEntryExamined() {
        let json = icons("1", entry(10, 10, "small.png"), entry(58, 58, "exact.png"), entry(90, 90, "never.png"))
        let legacy = IconSelector.explain(
            json: Array(json.utf8), scale: 2, appInfoURL: appInfoURL, profile: .legacy)
        #expect(legacy.notes.map(\.index) == [0, 1, 2])
        #expect(legacy.notes.map(\.taken) == [false, false, true])
        let recommended = IconSelector.explain(
            json: Array(json.utf8), scale: 2, appInfoURL: appInfoURL, profile: .recommended)
        #expect(recommended.notes.map(\.index) == [0, 1, 2, 3])
        #expect(recommended.notes.map(\.taken) == [false, false, true, false])
        #expect(recommended.selection == icon("exact.png", 58, 58, at: 2))
    }

    /// `xds select-icon --explain` says why each entry was passed over; a lost note leaves the user guessing.
    @Test func explainSaysWhyTheRecommendedProfilePassesAnEntryOver() {
        let json =
            #"{"icons":["a",{"width":0,"height":58,"src":"w.png"},{"width":58,"height":"58","src":"h.png"},"#
            + #"{"width":58,"height":58,"src":7},{"width":58,"height":58,"src":"ok.png"}]}"#
        let recommended = IconSelector.explain(
            json: Array(json.utf8), scale: 2, appInfoURL: appInfoURL, profile: .recommended)
        #expect(
            recommended.notes.map(\.reason).prefix(4) == [
                "not a dictionary", "width is not a positive integer (integer)",
                "height is not a positive integer (string)", "src is not a string (integer)",
            ])
        #expect(recommended.notes.map(\.taken).prefix(5) == [false, false, false, false, true])
    }

    @Test func outcomeNamesAreTheVectorVocabulary() {
        #expect(icon("a", 1, 1, at: 0).outcomeName == "icon")
        #expect(IconSelection.none(.iconsMissing).outcomeName == "none")
        #expect(IconSelection.originalRaises(.rootNotDictionary).outcomeName == "original-raises")
    }
}
