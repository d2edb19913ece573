// FuzzTesting/Sources/FuzzCommon/FuzzFinding.swift - A broken invariant, the one thing a fuzz target reports

/// An input that broke one of a fuzz target's invariants.
///
/// Fuzz targets turn a finding into a crash (so libFuzzer keeps the input); the replay tests turn
/// it into a test failure. The description names the target, the invariant and what was seen.
public struct FuzzFinding: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fuzz target whose invariant broke, e.g. `FuzzPlistRoundTrip`.
    public var target: String
    /// The invariant, as a short phrase, e.g. `re-decoded value equals the first decoding`.
    public var invariant: String
    /// What was observed instead.
    public var detail: String

    /// Creates a finding.
    public init(_ target: String, _ invariant: String, _ detail: String) {
        self.target = target
        self.invariant = invariant
        self.detail = detail
    }

    /// `<target>: <invariant> — <detail>`.
    public var description: String { "\(target): \(invariant) — \(detail)" }
}
