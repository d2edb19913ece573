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
        case (.failure(let error), .success)
        where error.category == .offsetTable
            && OracleWorkScreen.hasObjectOffsetOutsideObjectArea(bytes):
            return .known([.objectOffsetOutsideObjectArea])
        case (.failure(let error), .success(let theirs)):
            guard let (relaxed, relaxations) = KnownDivergence.relaxedReading(bytes) else {
                throw FuzzFinding(target, "libplist accepts only what the reference accepts", "reference: \(error)")
            }
            var used = relaxations
            guard let projected = LibplistView.project(relaxed, &used), projected == theirs else {
                throw FuzzFinding(
                    target, "equal values where libplist and the relaxed reference accept",
                    "reference (relaxed) \(relaxed), libplist \(theirs)")
            }
            return .known(used)
        case (.success(let value), .failure(let error)):
            var used = Set<KnownDivergence>()
            if LibplistView.project(value, &used) == nil { return .known(used) }
            throw FuzzFinding(target, "libplist rejects only what the reference rejects", "libplist: \(error)")
        case (.success(let value), .success(let theirs)):
            var used = Set<KnownDivergence>()
            guard let projected = LibplistView.project(value, &used) else {
                throw FuzzFinding(target, "libplist rejects bplist null", "but it accepted the document")
            }
            guard projected == theirs else {
                throw FuzzFinding(
                    target, "equal values where both accept", "reference \(projected), libplist \(theirs)")
            }
            return used.isEmpty || projected == value ? .agree : .known(used)
        }
    }
}
