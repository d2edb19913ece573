// Sources/ConformanceRunner/IconLoadingRun.swift - The icon-loading area: load-icon against the fixture server

import ChildProcess
import ConformanceModel
import Foundation
import IconLoadingArea

/// Runs the `icon-loading` area (IconLoadingArea) on implementations that have `load-icon`:
/// one fixture server for the whole run, every case under its own token, judged on the exit
/// status, the image's properties and the server's request log. Implementations without the
/// call get `n/a`.
public struct IconLoadingRun: Sendable {
    /// `Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py`.
    public var serverScript: String
    public var workDirectory: String
    public var jobs: Int

    public init(serverScript: String, workDirectory: String, jobs: Int) {
        self.serverScript = serverScript
        self.workDirectory = workDirectory
        self.jobs = jobs
    }

    /// The case ids of the area, for filters and known-failure lists.
    public static var caseIDs: [String] {
        IconLoadingFamily.vectors().flatMap { vector in (1...3).map { "\(vector.id)@scale=\($0)" } }
    }

    /// One list of results per implementation, in case order.
    /// - Throws: when the fixture server cannot start (python3 or openssl missing).
    public func run(_ implementations: [any Implementation], filter: CaseFilter) throws -> [[VectorResult]] {
        let vectors = IconLoadingFamily.vectors().filter { vector in
            (1...3).contains { Self.selected("\(vector.id)@scale=\($0)", vector: vector, filter: filter) }
        }
        guard !vectors.isEmpty, filter.areas.isEmpty || filter.areas.contains(.iconLoading) else {
            return implementations.map { _ in [] }
        }
        let images = IconLoadingFamily.images()
        let session = try IconLoadingSession(
            vectors: vectors, images: images, serverScript: serverScript,
            workDirectory: URL(fileURLWithPath: workDirectory).appendingPathComponent("icon-loading-\(getpid())"))
        defer { session.stop() }
        return implementations.enumerated().map { index, implementation in
            let results: [IconLoadingCaseResult]
            if implementation.supports(.loadIcon) {
                results = session.run(label: "i\(index)", jobs: jobs) { scale, url, caFile in
                    let call = implementation.perform(.loadIcon(scale: scale, appInfoURL: url, caFile: caFile))
                    return LoadIconOutcome(
                        exitStatus: call.termination.exitStatus, stdout: call.stdout,
                        summary: call.terminationSummary)
                }
            } else {
                results = session.notApplicable()
            }
            return results.filter { Self.selected($0.id, vector: $0.vector, filter: filter) }.map {
                Self.vectorResult($0, images: images, applicable: implementation.supports(.loadIcon))
            }
        }
    }

    /// The results when the fixture server cannot start: a crash for every case of an
    /// implementation that has `load-icon` (the area did not run; nothing passed), n/a otherwise.
    public func unavailable(_ implementations: [any Implementation], filter: CaseFilter, reason: String)
        -> [[VectorResult]]
    {
        let vectors = IconLoadingFamily.vectors()
        return implementations.map { implementation in
            vectors.flatMap { vector in
                (1...3).compactMap { scale -> VectorResult? in
                    let id = "\(vector.id)@scale=\(scale)"
                    guard Self.selected(id, vector: vector, filter: filter) else { return nil }
                    let applicable = implementation.supports(.loadIcon)
                    let result = IconLoadingCaseResult(
                        id: id, vector: vector, scale: scale,
                        verdict: IconLoadingVerdict(
                            kind: .crash, reasons: ["the fixture server did not start: \(reason)"]),
                        requests: [], outputPNG: nil, summary: "not run", exitStatus: nil)
                    return Self.vectorResult(result, images: [:], applicable: applicable)
                }
            }
        }
    }

    static func selected(_ id: String, vector: IconLoadingVector, filter: CaseFilter) -> Bool {
        if !filter.levels.isEmpty && !filter.levels.contains(VectorLevel(rawValue: vector.level) ?? .required) {
            return false
        }
        let names = [id, vector.id]
        if !filter.run.isEmpty
            && !filter.run.contains(where: { pattern in names.contains { CaseFilter.matches(pattern, $0) } })
        {
            return false
        }
        return !filter.skip.contains { pattern in names.contains { CaseFilter.matches(pattern, $0) } }
    }

    static func vectorResult(_ result: IconLoadingCaseResult, images: [String: [UInt8]], applicable: Bool)
        -> VectorResult
    {
        let expectation = result.vector.expected[result.scale] ?? .none(allowing: [])
        let outcome: Outcome
        switch result.verdict.kind {
        case _ where !applicable: outcome = .notApplicable
        case .pass: outcome = .pass
        case .crash: outcome = .crash
        case .fail:
            let answeredIcon = result.exitStatus == 0
            if expectation.icon && !answeredIcon {
                outcome = .shouldHaveAccepted
            } else if !expectation.icon && answeredIcon {
                outcome = .shouldHaveRejected
            } else {
                outcome = .wrongValue
            }
        }
        let expected =
            result.vector.description + " — "
            + (expectation.icon ? "icon from \(expectation.source ?? "?")" : "no icon")
            + "; https requests only to \(expectation.allowed.joined(separator: ", ")); no http request"
        let actual =
            applicable
            ? ([result.summary] + result.verdict.reasons + ["requests: " + result.requests.joined(separator: ", ")])
                .joined(separator: "\n") : ""
        var vectorResult = VectorResult(
            caseID: result.id, vectorID: result.vector.id, area: .iconLoading,
            group: VectorGroup(rawValue: result.vector.group) ?? .valid,
            level: VectorLevel(rawValue: result.vector.level) ?? .required, outcome: outcome, expected: expected,
            actual: actual, diagnostics: "", exitStatus: result.exitStatus, signal: nil,
            knownFailure: nil)
        vectorResult.picture = result.outputPNG.map { Data($0).base64EncodedString() }
        if applicable {
            vectorResult.sourcePicture = expectation.source.flatMap { images[$0] }.map {
                Data($0).base64EncodedString()
            }
        }
        return vectorResult
    }
}

extension Termination {
    /// The exit status, when the process exited.
    var exitStatus: Int32? {
        if case .exited(let status) = self { return status }
        return nil
    }
}
