// FuzzTesting/Sources/FuzzCommon/PlistDifferentialCheck.swift - Oracle 2: the reference vs libplist 2.2

import BinaryPlist
import LibplistBridge

/// The differential oracle: the reference decoder (strict) against libplist 2.2's C API, in process.
///
/// Both accept: the reference value, projected onto what libplist can show (`LibplistView`),
/// must equal libplist's. They disagree on accept/reject, or on the projected value: the case must
/// be one of `KnownDivergence`; anything else is a finding. libplist runs only when
/// `OracleWorkScreen` says it can finish (it has no depth limit and expands shared references).
public enum PlistDifferentialCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzPlistDifferential"

    /// What the comparison concluded.
    public enum Verdict: Hashable, Sendable, CustomStringConvertible {
        /// Both accept with equal values, or both reject.
        case agree
        /// A documented divergence explains the difference.
        case known(Set<KnownDivergence>)
        /// libplist was not asked (see `OracleWorkScreen`).
        case skipped(OracleWorkScreen.Skip)

        /// `agree`, `known: <vector ids>` or `skipped: <reason>`.
        public var description: String {
            switch self {
            case .agree: return "agree"
            case .known(let divergences):
                return "known: " + divergences.map(\.rawValue).sorted().joined(separator: ", ")
            case .skipped(let reason): return "libplist skipped: \(reason.rawValue)"
            }
        }
    }

    /// Runs the oracle on one fuzz input (the whole input is the document).
    /// - Throws: `FuzzFinding` for an unexplained difference.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        _ = try compare(input)
        return true
    }

    /// Compares the two decoders on `bytes`.
    /// - Returns: how they compare.
    /// - Throws: `FuzzFinding` for an unexplained difference.
    public static func compare(_ bytes: [UInt8]) throws(FuzzFinding) -> Verdict {
        let reference: Result<PropertyListValue, BPlistError>
        do { reference = .success(try BPlistDecoder.decode(bytes, rules: .strict)) } catch {
            reference = .failure(error)
        }
        if let skip = OracleWorkScreen().skipReason(bytes) { return .skipped(skip) }
        let oracle: Result<PropertyListValue, LibplistError>
        do { oracle = .success(try Libplist.decode(bytes)) } catch { oracle = .failure(error) }

        switch (reference, oracle) {
        case (.failure, .failure):
            return .agree
        case (.failure(let error), .success(let theirs)):
            return .known(try explainLibplistAcceptance(bytes, error, theirs))
        case (.success(let value), .failure(let error)):
            var used = Set<KnownDivergence>()
            if LibplistView.project(value, &used) == nil { return .known(used) }
            if OracleWorkScreen.hasEmptyUTF16String(bytes) { return .known([.emptyUTF16StringRejected]) }
            throw FuzzFinding(target, "libplist rejects only what the reference rejects", "libplist: \(error)")
        case (.success(let value), .success(let theirs)):
            var used = Set<KnownDivergence>()
            guard LibplistView.matches(value, theirs, &used) else {
                throw FuzzFinding(target, "equal values where both accept", "reference \(value), libplist \(theirs)")
            }
            return used.isEmpty ? .agree : .known(used)
        }
    }

    /// Why libplist accepts `bytes` that the reference rejects with `error`: repairs and relaxations,
    /// each a known divergence, after which the reference accepts and reads libplist's value.
    /// - Throws: `FuzzFinding` when no known divergence explains it.
    private static func explainLibplistAcceptance(
        _ bytes: [UInt8], _ error: BPlistError, _ theirs: PropertyListValue
    ) throws(FuzzFinding) -> Set<KnownDivergence> {
        var used = Set<KnownDivergence>()
        if error.category == .trailer, let document = OracleWorkScreen.closingGapBeforeTrailer(bytes) {
            used.insert(.gapBeforeTrailer)
            let value: PropertyListValue
            do {
                value = try BPlistDecoder.decode(document, rules: .strict)
            } catch let closedError {
                return try explainRest(document, closedError, theirs, used, first: error)
            }
            return try agreeing(value, theirs, used)
        }
        return try explainRest(bytes, error, theirs, used, first: nil)
    }

    /// The explanations after the gap repair: offsets outside the object area, then the relaxations.
    /// `first` is the reference's error before the gap was closed (`nil` when there was no gap); the
    /// finding's text is built only when nothing explains the difference.
    private static func explainRest(
        _ document: [UInt8], _ error: BPlistError, _ theirs: PropertyListValue, _ used: Set<KnownDivergence>,
        first: BPlistError?
    ) throws(FuzzFinding) -> Set<KnownDivergence> {
        if let divergence = KnownDivergence.explaining(error, in: document) { return used.union([divergence]) }
        if let (value, relaxations) = KnownDivergence.relaxedReading(document) {
            return try agreeing(value, theirs, used.union(relaxations))
        }
        // A fault libplist tolerates by a relaxation can hide a second one that another divergence explains.
        if let relaxation = KnownDivergence.relaxationExplaining(error) {
            var rules = DecodingRules.strict
            for (_, rule) in KnownDivergence.relaxations { rules[keyPath: rule] = true }
            do { _ = try BPlistDecoder.decode(document, rules: rules) } catch {
                if let divergence = KnownDivergence.explaining(error, in: document) {
                    return used.union([relaxation, divergence])
                }
            }
        }
        let notes =
            if let first { ["reference: \(first)", "with the gap before the trailer closed: \(error)"] } else {
                ["reference: \(error)"]
            }
        throw FuzzFinding(target, "libplist accepts only what the reference accepts", notes.joined(separator: "; "))
    }

    /// `used` plus the projection's divergences, when the reference's `value` reads as libplist's.
    private static func agreeing(
        _ value: PropertyListValue, _ theirs: PropertyListValue, _ used: Set<KnownDivergence>
    ) throws(FuzzFinding) -> Set<KnownDivergence> {
        var used = used
        guard LibplistView.matches(value, theirs, &used) else {
            throw FuzzFinding(
                target, "equal values where libplist and the repaired or relaxed reference accept",
                "reference \(value), libplist \(theirs)")
        }
        return used
    }
}
