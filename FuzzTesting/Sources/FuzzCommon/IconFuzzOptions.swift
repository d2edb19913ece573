// FuzzTesting/Sources/FuzzCommon/IconFuzzOptions.swift - The option byte in front of appInfo.json inputs

import Icons

/// The screen scale and selection profile of one icon-selection input, taken from its first byte.
///
/// Option byte layout. NEVER REORDER OR REUSE THESE BITS: every stored corpus entry would silently
/// change meaning. Add new options only in the reserved bits.
///
/// | bits | meaning |
/// |---|---|
/// | 0-1 | scale: 0 → 1, 1 → 2, 2 → 3; 3 is reserved (the input is skipped) |
/// | 2 | profile: 0 → `legacy`, 1 → `recommended` |
/// | 3-7 | reserved, must be zero (the input is skipped otherwise) |
public struct IconFuzzOptions: Hashable, Sendable {
    /// The screen scale, 1, 2 or 3.
    public var scale: Int
    /// The selection rules.
    public var profile: IconProfile

    /// Creates options for `scale` (1...3) and `profile`.
    public init(scale: Int, profile: IconProfile) {
        self.scale = scale
        self.profile = profile
    }

    /// Bits that have no meaning yet; an input setting any of them is skipped.
    public static let reservedBits: UInt8 = 0b1111_1000

    /// Splits `input` into the options and the appInfo.json bytes.
    /// - Returns: `nil` for an empty input or an option byte with a reserved bit or scale code set.
    public static func split(_ input: [UInt8]) -> (options: IconFuzzOptions, appInfo: [UInt8])? {
        guard let byte = input.first, byte & reservedBits == 0, byte & 0b11 != 0b11 else { return nil }
        let profile: IconProfile = byte & 0b100 == 0 ? .legacy : .recommended
        return (IconFuzzOptions(scale: Int(byte & 0b11) + 1, profile: profile), Array(input.dropFirst()))
    }

    /// The option byte that selects `self` (inverse of `split`).
    public var optionByte: UInt8 {
        UInt8(scale - 1) | (profile == .recommended ? 0b100 : 0)
    }

    /// Every scale with every profile: what a regression `.appinfo` file is replayed with.
    public static let allConfigurations: [IconFuzzOptions] = IconProfile.allCases.flatMap { profile in
        (1...3).map { IconFuzzOptions(scale: $0, profile: profile) }
    }
}
