// Sources/BinaryPlist/BPlistDecoder.swift - The reference reading of bplist00 (entry point)

/// Decodes bplist00 bytes into a `PropertyListValue`, strictly and in bounded time and memory.
///
/// Work and memory are linear in the input: each object is checked at most once however often it is
/// referenced, nothing is reserved before the bytes it describes are known to be present, and
/// recursion stops at `rules.maximumDepth`. The value is built from a `BPlistDocument`, which
/// callers that read a few values can use directly. Docs/codec.md lists every rule and its category.
public enum BPlistDecoder {
    /// Decodes one bplist00 document.
    /// - Parameters:
    ///   - bytes: the whole document.
    ///   - rules: relaxations and bounds; `.strict` by default.
    /// - Returns: the root value.
    /// - Throws: `BPlistError` with the category and byte offset of the first fault.
    public static func decode(
        _ bytes: [UInt8], rules: DecodingRules = .strict
    ) throws(BPlistError) -> PropertyListValue {
        try BPlistDocument(bytes, rules: rules).propertyList()
    }

    /// Decodes one bplist00 document and counts the work done.
    /// - Parameters:
    ///   - bytes: the whole document.
    ///   - rules: relaxations and bounds.
    ///   - statistics: receives the counts of this decode (also when it throws, up to the fault).
    /// - Returns: the root value.
    /// - Throws: `BPlistError` with the category and byte offset of the first fault.
    public static func decode(
        _ bytes: [UInt8], rules: DecodingRules, statistics: inout DecodingStatistics
    ) throws(BPlistError) -> PropertyListValue {
        try BPlistDocument(bytes, rules: rules, statistics: &statistics).propertyList()
    }
}
