// Tests/IconsTests/LegacySelectorTests.swift - The legacy profile against a second transcription of the loop

import SeededRandom
import Testing

@testable import Icons

@Suite struct LegacySelectorTests {
    @Test(arguments: [1, 2, 3])
    func agreesWithTheTranscriptionOnGeneratedLists(scale: Int) {
        var generator = IconListGenerator(seed: 0x1C0_5EED + UInt64(scale))
        var outcomes: [String: Int] = [:]
        for _ in 0..<3000 {
            let info = generator.appInfo()
            let actual = IconSelector.select(appInfo: info, scale: scale, appInfoURL: appInfoURL, profile: .legacy)
            let expected = OriginalLoopTranscription.run(info, scale: scale)
            switch (expected, actual) {
            case (.raises, .originalRaises):
                outcomes["raises", default: 0] += 1
            case (.noIcon, .none(let reason)):
                #expect(reason != .noEligibleIcon, "legacy never reports an eligibility failure")
                outcomes["none", default: 0] += 1
            case (.found(let src, let width, let height, let index), _):
                if let url = LegacyURLResolver.resolve(src, against: appInfoURL) {
                    #expect(actual == .icon(url: url, width: width, height: height, index: index), "\(info)")
                    outcomes["icon", default: 0] += 1
                } else {
                    #expect(
                        actual == .none(.sourceUnresolvable(index: index, detail: "'\(src)' is not a legal URL string"))
                    )
                    outcomes["unresolvable", default: 0] += 1
                }
            default:
                Issue.record("transcription \(expected), selector \(actual) for \(info)")
            }
        }
        // The generator reaches every outcome, so the comparison means something.
        for kind in ["raises", "none", "icon", "unresolvable"] {
            #expect(outcomes[kind, default: 0] > 20, "\(kind): \(outcomes)")
        }
    }

    @Test func transcriptionsIntegerValueAgreesWithTheSelectors() {
        var random = SeededGenerator(seed: 42)
        let alphabet = Array(" \t\u{00A0}\u{3000}+-0123456789px.e9")
        for _ in 0..<5000 {
            let text = String(
                (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            #expect(
                IntegerValue.scan(text) == OriginalLoopTranscription.stringIntegerValue(text),
                "\(text.debugDescription)")
        }
    }

    @Test func neverTrapsOnArbitraryBytes() {
        var random = SeededGenerator(seed: 7)
        let seedJSON = Array(
            #"{"icons":[{"width":58,"height":"58px","src":"../a b.png"},{"width":1e3,"height":null}]}"#.utf8)
        var answered = 0
        for round in 0..<3000 {
            var bytes = seedJSON
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                if round % 3 == 0 {
                    bytes[position] = UInt8.random(in: 0...255, using: &random)
                } else if round % 3 == 1 {
                    bytes.insert(seedJSON.randomElement(using: &random)!, at: position)
                } else if bytes.count > 1 {
                    bytes.remove(at: position)
                }
            }
            for profile in IconProfile.allCases {
                _ = IconSelector.select(json: bytes, scale: 1 + round % 3, appInfoURL: appInfoURL, profile: profile)
                answered += 1
            }
        }
        #expect(answered == 6000)
    }
}
