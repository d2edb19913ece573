// Sources/ConformanceRunner/IconLoadingCases.swift - What the icon-loading cases need from outside the runner

import ConformanceModel

/// The icon-loading area's side of a run (`.loadIcon` cases): its fixture server and its image checks. Implemented
/// where the image libraries are (`IconLoadingArea.IconLoadingConformance`) and given to the session by the layer
/// that builds it, so that the generic runner links none of them.
public protocol IconLoadingResource: Sendable {
    /// Reads the vectors of `cases` (all `.loadIcon`) and, when `serve`, starts one fixture server serving their
    /// sites under `workDirectory`.
    /// - Throws: when a vector is malformed or the server cannot start (python3 or openssl missing).
    func start(_ cases: [ConformanceCase], serve: Bool, workDirectory: String) throws -> any IconLoadingCaseJudge
}

/// Runs and grades `.loadIcon` cases while its fixture server runs.
public protocol IconLoadingCaseJudge: Sendable {
    /// Runs `testCase` on `implementation` under a token of its own and grades it by the exit status, the image's
    /// stated properties and the server's request log; `n/a` when the implementation lacks `load-icon`.
    func run(_ testCase: ConformanceCase, on implementation: any Implementation) -> VectorResult

    /// Stops the fixture server, if it started one.
    func stop()
}

/// How a judge meets `.loadIcon` cases.
public enum IconLoadingJudging: Sendable {
    /// The area's resources are up.
    case ready(any IconLoadingCaseJudge)
    /// They could not be set up: every case of an implementation with `load-icon` is a crash naming `reason`
    /// (nothing passed).
    case unavailable(reason: String)

    /// The result of `testCase` when the area cannot run: a crash for an implementation that has `load-icon`,
    /// `n/a` otherwise.
    public static func notRun(_ testCase: ConformanceCase, applicable: Bool, reason: String) -> VectorResult {
        let metadata = testCase.vector.metadata
        var result = VectorResult(
            caseID: testCase.id, vectorID: metadata.id, area: metadata.area, group: metadata.group,
            level: testCase.level, outcome: applicable ? .crash : .notApplicable, expected: metadata.description,
            actual: applicable ? "not run\nthe icon-loading area did not run: \(reason)" : "", diagnostics: "",
            exitStatus: nil, signal: nil, knownFailure: nil)
        result.hazard = metadata.hazard
        return result
    }
}
