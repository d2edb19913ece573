// Sources/BinaryPlist/BPlistDecoder.swift - The reference reading of bplist00 (entry point)

/// Decodes bplist00 bytes into a `PropertyListValue`, strictly and in bounded time and memory.
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
        throw BPlistError(.limit, at: 0, "decoder not implemented yet")
    }
}
