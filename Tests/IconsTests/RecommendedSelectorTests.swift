// Tests/IconsTests/RecommendedSelectorTests.swift - The recommended profile's invariants on generated lists

import Testing

@testable import Icons

@Suite struct RecommendedSelectorTests {
    /// The entry's sizes and URL when the recommended rules make it eligible.
    func eligible(_ entry: IconEntry, base: URIReference) -> (width: Int, height: Int, url: String)? {
        guard case .dictionary(.integer(let width), .integer(let height), .string(let src)) = entry,
            width > 0, height > 0,
            case .success(let url) = RecommendedURLPolicy.resolve(src, against: base, options: SelectionOptions())
        else { return nil }
        return (width, height, url)
    }

    func area(_ width: Int, _ height: Int) -> (Int, UInt) {
        let product = width.multipliedFullWidth(by: height)
        return (product.high, product.low)
    }

    @Test(arguments: [1, 2, 3])
    func choiceCoversTheTargetAndNoSmallerRivalExists(scale: Int) throws {
        let base = try RecommendedURLPolicy.base(appInfoURL).get()
        let target = 29 * scale
        var generator = IconListGenerator(seed: 0xBEEF + UInt64(scale))
        var icons = 0
        var nones = 0
        for _ in 0..<3000 {
            let info = generator.appInfo()
            let result = IconSelector.select(appInfo: info, scale: scale, appInfoURL: appInfoURL, profile: .recommended)
            guard info.rootIsDictionary, case .array(let entries) = info.icons else {
                #expect(result.outcomeName == "none")
                continue
            }
            let covering = entries.enumerated().compactMap { index, entry -> (Int, Int, Int, String)? in
                guard let found = eligible(entry, base: base), found.width >= target, found.height >= target else {
                    return nil
                }
                return (index, found.width, found.height, found.url)
            }
            switch result {
            case .icon(let url, let width, let height, let index):
                icons += 1
                let chosen = eligible(entries[index], base: base)
                #expect(chosen?.url == url && chosen?.width == width && chosen?.height == height)
                #expect(width >= target && height >= target)
                for (other, otherWidth, otherHeight, _) in covering where other != index {
                    let mine = area(width, height)
                    let theirs = area(otherWidth, otherHeight)
                    #expect(theirs > mine || (theirs == mine && other > index), "entry \(other) beats \(index)")
                }
            case .none(let reason):
                nones += 1
                #expect(covering.isEmpty)
                let anyEligible = entries.contains { eligible($0, base: base) != nil }
                #expect(reason == (anyEligible ? .noneLargeEnough : .noEligibleIcon))
            case .originalRaises:
                Issue.record("the recommended profile never raises")
            }
        }
        #expect(icons > 100 && nones > 100)
    }
}
