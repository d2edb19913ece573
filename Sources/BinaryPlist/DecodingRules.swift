// Sources/BinaryPlist/DecodingRules.swift - Strict by default; each relaxation is an explicit switch

/// What the decoder accepts beyond strict bplist00, and the resource bounds it enforces.
public struct DecodingRules: Hashable, Sendable {
    /// Accept headers `bplist01`…`bplist09` as well as `bplist00` (CoreFoundation checks only `bplist0`).
    public var acceptsAnyVersionDigit: Bool = false
    /// Keep the first value of a duplicated dictionary key, as CoreFoundation does, instead of rejecting.
    public var keepsFirstDuplicateKey: Bool = false
    /// Read a 16-byte integer (`0x14`) whose high 8 bytes are not zero as CoreFoundation does (the low
    /// 64 bits, unsigned) instead of rejecting it with `limit` (plistlib reads such bytes as a signed
    /// 128-bit value, so the readers disagree).
    public var truncatesSixteenByteIntegers: Bool = false
    /// Maximum nesting of containers (CoreFoundation: 512). The root container is at depth 1.
    public var maximumDepth: Int = 512
    /// Maximum number of values in the decoded tree when shared references are counted once per use,
    /// and of elements held by all decoded containers together, applied only when it exceeds the
    /// input length: every reference costs at least one byte, so a file whose containers are not
    /// shared is never rejected by it, while a small file whose references fan out into a huge tree
    /// (a "decompression bomb") is rejected with `limit` before anything expands.
    public var maximumExpandedCount: Int = 1 << 20

    /// The strict reading with default bounds.
    public init() {}

    /// The reference reading: everything the catalogue's rules forbid is an error.
    public static let strict = DecodingRules()

    /// `--lenient`: any `bplist0?` digit, CoreFoundation's first-wins duplicate keys and its reading of
    /// 16-byte integers.
    public static let lenient: DecodingRules = {
        var rules = DecodingRules()
        rules.acceptsAnyVersionDigit = true
        rules.keepsFirstDuplicateKey = true
        rules.truncatesSixteenByteIntegers = true
        return rules
    }()
}
