// FuzzTesting/Sources/FuzzCommon/PlistRoundTripCheck.swift - Oracle 1: decode → encode → decode

import BinaryPlist

#if canImport(Glibc)
    import Glibc
#endif

/// The round-trip oracle over the reference codec.
///
/// Accepted input: its value must encode, the encoding must decode (strictly) to an equal value,
/// and encoding that value again must give the same bytes (the encoder is canonical). A value whose
/// shared containers expand it beyond `AmplificationBound.values(forInputOf:)` is round-tripped cut to
/// the deepest level that fits (`AmplificationBound`), so the oracle's work stays proportional to the
/// input: the encoder writes a shared container once per use, megabytes for a few hundred bytes.
/// Rejected input: the error's offset must lie inside the input (the end counts, for truncation)
/// and its category must be a decoding category, not the attribute's `schema`.
public enum PlistRoundTripCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzPlistRoundTrip"

    /// Runs the oracle on one fuzz input (optional options prefix, then the document).
    /// - Returns: `false` when the input was skipped (reserved option bits).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        guard let (options, document) = DecoderFuzzOptions.split(input) else { return false }
        try check(document, rules: options.rules)
        return true
    }

    /// Runs the oracle on one document with the given rules.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    public static func check(_ document: [UInt8], rules: DecodingRules) throws(FuzzFinding) {
        let decoded: PropertyListValue
        var statistics = DecodingStatistics()
        do {
            decoded = try BPlistDecoder.decode(document, rules: rules, statistics: &statistics)
        } catch {
            guard (0...document.count).contains(error.offset) else {
                throw FuzzFinding(target, "error offset lies inside the input", "\(error) for \(document.count) bytes")
            }
            guard error.category != .schema else {
                throw FuzzFinding(target, "decoding errors use a decoding category", "\(error)")
            }
            return
        }
        // Nothing shared, nothing to count (`fitsUncounted`): the walk is for values with shared objects.
        let fits = AmplificationBound.fitsUncounted(statistics, inputOf: document.count)
        // The depth bound, counted on the value itself (not by the decoder's own counter, which a depth bug
        // would share): an accepted value nests at most `maximumDepth` containers. A value cut to its
        // amplification bound is only shallower, so the check is made on what is round-tripped.
        let value =
            fits
            ? decoded
            : AmplificationBound.bounded(decoded, to: AmplificationBound.values(forInputOf: document.count)).value
        guard nesting(value, limit: rules.maximumDepth) <= rules.maximumDepth else {
            throw FuzzFinding(
                target, "an accepted value nests at most the maximum depth",
                "more than \(rules.maximumDepth) container levels accepted")
        }
        let encoded = BPlistEncoder.encode(value)
        let again: PropertyListValue
        do {
            again = try BPlistDecoder.decode(encoded, rules: .strict)
        } catch {
            throw FuzzFinding(target, "the encoding of an accepted value decodes", "\(error)")
        }
        guard again == value else {
            throw FuzzFinding(target, "re-decoded value equals the first decoding", "\(again) != \(value)")
        }
        let reencoded = BPlistEncoder.encode(again)
        guard sameBytes(reencoded, encoded) else {
            throw FuzzFinding(
                target, "encoding is canonical (same value, same bytes)",
                "\(encoded.count) bytes then \(reencoded.count) bytes")
        }
    }

    /// The container levels of `value` (a scalar 0, an empty array 1), counted no further than `limit + 1`.
    static func nesting(_ value: PropertyListValue, limit: Int) -> Int {
        guard limit >= 0 else { return 0 }
        let elements: [PropertyListValue]
        switch value {
        case .array(let items), .set(let items): elements = items
        case .dictionary(let entries):
            var deepest = 0
            for element in entries.values where deepest < limit {
                deepest = max(deepest, nesting(element, limit: limit - 1))
            }
            return 1 + deepest
        default: return 0
        }
        var deepest = 0
        for element in elements where deepest < limit {
            deepest = max(deepest, nesting(element, limit: limit - 1))
        }
        return 1 + deepest
    }

    /// Whether `a` and `b` hold the same bytes: one `memcmp` (`Array ==` compares byte by byte, and
    /// the fuzz build traces every one of those comparisons).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let left = x.baseAddress, let right = y.baseAddress else { return true }
                return memcmp(left, right, x.count) == 0
            }
        }
    }
}
