// Tests/FuzzCommonTests/TrailingCommaOracleTests.swift - The icon oracles parse as each profile does

import FuzzCommon
import Icons
import Testing

/// The legacy profile leaves trailing commas to Foundation (which accepts them, as Apple's parser does); the
/// icon oracle once parsed strictly for both profiles and called the legacy icon a finding (fuzz finding).
struct TrailingCommaOracleTests {
    static let json = Array(#"{"icons":[{"width":58,"height":58,"src":"a.png"},]}"#.utf8)

    @Test(arguments: IconProfile.allCases, [1, 2, 3])
    func aTrailingCommaIsNoFindingInEitherProfile(profile: IconProfile, scale: Int) throws {
        try IconSelectionCheck.check(Self.json, options: IconFuzzOptions(scale: scale, profile: profile))
    }
}
