// Sources/IconLoadingArea/IconLoadingConformance.swift - The icon-loading cases in the one conformance pipeline

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation

/// The icon-loading area as the conformance session's resource: one fixture server for the run's `.loadIcon` cases,
/// each case run under its own token and judged on the exit status, the image's stated properties and the server's
/// request log, into the `VectorResult` every area yields.
public struct IconLoadingConformance: IconLoadingResource {
    /// `Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py`.
    public var serverScript: String

    public init(serverScript: String) {
        self.serverScript = serverScript
    }

    /// - Throws: `IconLoadingVectorError` naming a vector whose files are not the documented format; when `serve`,
    ///   `IconLoadingSessionError` or the fixture server's error when it cannot be set up or started.
    public func start(
        _ cases: [ConformanceCase], serve: Bool, workDirectory: String
    ) throws -> any IconLoadingCaseJudge {
        var vectors: [IconLoadingVector] = []
        for testCase in cases where testCase.kind == .loadIcon {
            vectors.append(try IconLoadingVector(testCase.vector))
        }
        var session: IconLoadingSession?
        if serve && !vectors.isEmpty {
            session = try IconLoadingSession(
                vectors: vectors, serverScript: serverScript,
                workDirectory: URL(fileURLWithPath: workDirectory).appendingPathComponent("icon-loading-\(getpid())"))
        }
        return IconLoadingConformanceJudge(vectors: vectors, session: session)
    }

    /// What a case's result says, from the area's own verdict: pass, crash, or for a failure the outcome naming
    /// which way it went (no icon where one is due, an icon where none is, else a wrong image or wrong requests).
    /// - Parameter applicable: whether the implementation has `load-icon` (else `n/a`, nothing run).
    public static func vectorResult(_ result: IconLoadingCaseResult, applicable: Bool) -> VectorResult {
        let expectation = result.vector.expectation
        let expectsIcon = expectation.outcome == .icon
        let outcome: Outcome
        switch result.verdict.kind {
        case _ where !applicable: outcome = .notApplicable
        case .pass: outcome = .pass
        case .crash: outcome = .crash
        case .fail:
            let answeredIcon = result.exitStatus == 0
            if expectsIcon && !answeredIcon {
                outcome = .shouldHaveAccepted
            } else if !expectsIcon && answeredIcon {
                outcome = .shouldHaveRejected
            } else {
                outcome = .wrongValue
            }
        }
        let expected =
            result.vector.description + " — "
            + (expectation.image.map { "icon from \($0.source)" } ?? "no icon")
            + "; https requests only to \(expectation.requests.allowed.joined(separator: ", ")); no http request"
        let actual =
            applicable
            ? ([result.summary] + result.verdict.reasons + ["requests: " + result.requests.joined(separator: ", ")])
                .joined(separator: "\n") : ""
        var vectorResult = VectorResult(
            caseID: result.id, vectorID: result.vector.id, area: .iconLoading, group: result.vector.group,
            level: result.vector.level, outcome: outcome, expected: expected,
            actual: actual, diagnostics: "", exitStatus: result.exitStatus, signal: nil,
            knownFailure: nil)
        vectorResult.picture = result.outputPNG.map { Data($0).base64EncodedString() }
        if applicable {
            vectorResult.sourcePicture = result.vector.sourceBytes.map { Data($0).base64EncodedString() }
        }
        return vectorResult
    }
}

/// Runs and grades the `.loadIcon` cases of one session while its fixture server runs.
final class IconLoadingConformanceJudge: IconLoadingCaseJudge, @unchecked Sendable {
    private let vectors: [String: IconLoadingVector]
    /// nil when no implementation of the run has `load-icon`: only `n/a` results are asked for.
    private let session: IconLoadingSession?
    private let lock = NSLock()
    private var issuedTokens = 0

    init(vectors: [IconLoadingVector], session: IconLoadingSession?) {
        self.vectors = Dictionary(vectors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.session = session
    }

    func run(_ testCase: ConformanceCase, on implementation: any Implementation) -> VectorResult {
        let applicable = implementation.supports(.loadIcon)
        guard let vector = vectors[testCase.id] else {
            return IconLoadingJudging.notRun(testCase, applicable: applicable, reason: "\(testCase.id) was not set up")
        }
        let caseResult: IconLoadingCaseResult
        if !applicable {
            caseResult = IconLoadingCaseResult(
                vector: vector, verdict: IconLoadingVerdict(kind: .pass, reasons: []), requests: [], outputPNG: nil,
                summary: "n/a", exitStatus: nil)
        } else if let session {
            caseResult = session.run(vector, token: nextToken()) { scale, url, caFile in
                let call = implementation.perform(.loadIcon(scale: scale, appInfoURL: url, caFile: caFile))
                return LoadIconOutcome(
                    exitStatus: call.exitStatus, stdout: call.stdout, summary: call.terminationSummary)
            }
        } else {
            return IconLoadingJudging.notRun(testCase, applicable: applicable, reason: "no fixture server was started")
        }
        var result = IconLoadingConformance.vectorResult(caseResult, applicable: applicable)
        result.hazard = testCase.vector.metadata.hazard
        return result
    }

    func stop() { session?.stop() }

    /// A token no other case of the session has: each case's requests are told apart in the server's log by it.
    private func nextToken() -> String {
        lock.lock()
        defer { lock.unlock() }
        issuedTokens += 1
        return "c\(issuedTokens)"
    }
}
