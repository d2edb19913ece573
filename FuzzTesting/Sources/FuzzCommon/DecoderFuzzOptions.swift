// FuzzTesting/Sources/FuzzCommon/DecoderFuzzOptions.swift - The optional options prefix of decoder inputs

import BinaryPlist

/// Decoder configurations chosen by the input itself, so one target covers every `DecodingRules`.
///
/// A bplist starts with `b`, so an input whose first byte is `0x00` carries one option byte next,
/// and the document after it. Any other input is the document itself, decoded with `.strict`.
///
/// Option byte layout. NEVER REORDER OR REUSE THESE BITS: every stored corpus entry and regression
/// input would silently change meaning. Add new options only in the reserved bits.
///
/// | bits | meaning |
/// |---|---|
/// | 0 | `acceptsAnyVersionDigit` |
/// | 1 | `keepsFirstDuplicateKey` |
/// | 2-4 | `maximumDepth`: 0 → the default (512), n → 2^(n-1) (1, 2, 4, … 64) |
/// | 5 | `truncatesSixteenByteIntegers` |
/// | 6-7 | reserved, must be zero (the input is skipped otherwise) |
public struct DecoderFuzzOptions: Hashable, Sendable {
    /// The rules the reference decoder runs with.
    public var rules: DecodingRules

    /// Bits that have no meaning yet; an input setting any of them is skipped.
    public static let reservedBits: UInt8 = 0b1100_0000

    /// Splits `input` into the options and the document.
    /// - Returns: `nil` when the option byte is missing or sets a reserved bit (skip the input).
    public static func split(_ input: [UInt8]) -> (options: DecoderFuzzOptions, document: [UInt8])? {
        guard input.first == 0x00 else { return (DecoderFuzzOptions(rules: .strict), input) }
        guard input.count >= 2 else { return nil }
        let byte = input[1]
        guard byte & reservedBits == 0 else { return nil }
        var rules = DecodingRules.strict
        rules.acceptsAnyVersionDigit = byte & 0b001 != 0
        rules.keepsFirstDuplicateKey = byte & 0b010 != 0
        rules.truncatesSixteenByteIntegers = byte & 0b10_0000 != 0
        let depthCode = Int((byte >> 2) & 0b111)
        if depthCode != 0 { rules.maximumDepth = 1 << (depthCode - 1) }
        return (DecoderFuzzOptions(rules: rules), Array(input[2...]))
    }

    /// The option bytes that select `self`, for building corpus entries (inverse of `split`).
    /// - Returns: `[]` for the strict default, otherwise `[0x00, optionByte]`.
    public func prefix() -> [UInt8] {
        var byte: UInt8 = 0
        if rules.acceptsAnyVersionDigit { byte |= 0b001 }
        if rules.keepsFirstDuplicateKey { byte |= 0b010 }
        if rules.truncatesSixteenByteIntegers { byte |= 0b10_0000 }
        if rules.maximumDepth != DecodingRules.strict.maximumDepth {
            let code = (1...7).first { 1 << ($0 - 1) == rules.maximumDepth } ?? 0
            byte |= UInt8(code) << 2
        }
        return byte == 0 ? [] : [0x00, byte]
    }

    /// Every configuration a regression input is replayed with: strict, lenient, and a shallow depth.
    public static let replayConfigurations: [DecoderFuzzOptions] = {
        var shallow = DecodingRules.strict
        shallow.maximumDepth = 4
        return [.init(rules: .strict), .init(rules: .lenient), .init(rules: shallow)]
    }()
}
