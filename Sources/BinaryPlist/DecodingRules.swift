// Sources/BinaryPlist/DecodingRules.swift - Strict by default; each relaxation is an explicit switch

/// What the decoder accepts beyond strict bplist00, and the resource bounds it enforces.
public struct DecodingRules: Hashable, Sendable {
    /// Accept headers `bplist01`…`bplist09` as well as `bplist00` (CoreFoundation checks only `bplist0`).
    public var acceptsAnyVersionDigit: Bool = false
    /// Keep the first value of a duplicated dictionary key, as CoreFoundation does, instead of rejecting.
    public var keepsFirstDuplicateKey: Bool = false
    /// Maximum nesting of containers (CoreFoundation: 512).
    public var maximumDepth: Int = 512

    public init() {}

    /// The reference reading: everything the catalogue's rules forbid is an error.
    public static let strict = DecodingRules()

    /// `--lenient`: any `bplist0?` header and CoreFoundation's first-wins duplicate keys.
    public static let lenient: DecodingRules = {
        var rules = DecodingRules()
        rules.acceptsAnyVersionDigit = true
        rules.keepsFirstDuplicateKey = true
        return rules
    }()
}
