// Sources/ConformanceRunner/IconLoadingRun.swift - The icon-loading area: load-icon against the fixture server

import ChildProcess
import ConformanceModel
import Foundation
import IconLoadingArea

/// Runs the `icon-loading` vectors of a set (IconLoadingArea) on implementations that have `load-icon`:
/// one fixture server for the whole run, every case (one per vector) under its own token, judged on the exit
/// status, the image's stated properties and the server's request log. Implementations without the
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

    /// The `icon-loading` vectors of a loaded set, read and checked.
    /// - Throws: `IconLoadingVectorError` naming the vector whose files are not the documented format.
    public static func vectors(in directory: VectorDirectory) throws(IconLoadingVectorError) -> [IconLoadingVector] {
        try IconLoadingVector.all(in: directory.vectors)
    }

    /// How many cases the area runs on each implementation: its vectors the filter selects.
    public static func caseCount(vectors all: [Vector], filter: CaseFilter) -> Int {
        all.filter { $0.metadata.area == .iconLoading && selected($0.metadata, filter: filter) }.count
    }

    /// One list of results per implementation, in case (manifest) order.
    /// - Parameter progress: told of each finished case run (`n/a` ones at once).
    /// - Throws: when a vector is malformed or the fixture server cannot start (python3 or openssl missing).
    public func run(
        _ implementations: [any Implementation], vectors all: [Vector], filter: CaseFilter,
        progress: ProgressCounter? = nil
    ) throws -> [[VectorResult]] {
        let vectors = try IconLoadingVector.all(in: all).filter { Self.selected($0, filter: filter) }
        guard !vectors.isEmpty else { return implementations.map { _ in [] } }
        let session = try IconLoadingSession(
            vectors: vectors, serverScript: serverScript,
            workDirectory: URL(fileURLWithPath: workDirectory).appendingPathComponent("icon-loading-\(getpid())"))
        defer { session.stop() }
        let hazards = Dictionary(
            all.map { ($0.metadata.id, $0.metadata.hazard) }, uniquingKeysWith: { first, _ in first })
        return implementations.enumerated().map { index, implementation in
            let results: [IconLoadingCaseResult]
            if implementation.supports(.loadIcon) {
                results = session.run(label: "i\(index)", jobs: jobs) { scale, url, caFile in
                    let call = implementation.perform(.loadIcon(scale: scale, appInfoURL: url, caFile: caFile))
                    progress?.finished(implementation: index)
                    return LoadIconOutcome(
                        exitStatus: call.termination.exitStatus, stdout: call.stdout,
                        summary: call.terminationSummary)
                }
            } else {
                results = session.notApplicable()
                progress?.finished(implementation: index, count: results.count)
            }
            return results.map {
                var result = Self.vectorResult($0, applicable: implementation.supports(.loadIcon))
                result.hazard = hazards[result.vectorID] ?? nil
                return result
            }
        }
    }

    /// The results when the area cannot run (a malformed vector, a server that does not start): a crash for every
    /// selected case of an implementation that has `load-icon` (nothing passed), n/a otherwise.
    public func unavailable(
        _ implementations: [any Implementation], vectors all: [Vector], filter: CaseFilter, reason: String
    ) -> [[VectorResult]] {
        let vectors = all.filter { $0.metadata.area == .iconLoading && Self.selected($0.metadata, filter: filter) }
        return implementations.map { implementation in
            vectors.map { vector in
                let metadata = vector.metadata
                let applicable = implementation.supports(.loadIcon)
                var result = VectorResult(
                    caseID: metadata.id, vectorID: metadata.id, area: .iconLoading, group: metadata.group,
                    level: metadata.level, outcome: applicable ? .crash : .notApplicable,
                    expected: metadata.description,
                    actual: applicable ? "not run\nthe icon-loading area did not run: \(reason)" : "", diagnostics: "",
                    exitStatus: nil, signal: nil, knownFailure: nil)
                result.hazard = metadata.hazard
                return result
            }
        }
    }

    static func selected(_ vector: IconLoadingVector, filter: CaseFilter) -> Bool {
        selected(id: vector.id, level: vector.level, filter: filter)
    }

    static func selected(_ metadata: VectorMetadata, filter: CaseFilter) -> Bool {
        selected(id: metadata.id, level: metadata.level, filter: filter)
    }

    /// The filter as for every other case: areas, levels, `--run` and `--skip` globs over the id.
    static func selected(id: String, level: VectorLevel, filter: CaseFilter) -> Bool {
        if !filter.areas.isEmpty && !filter.areas.contains(.iconLoading) { return false }
        if !filter.levels.isEmpty && !filter.levels.contains(level) { return false }
        if !filter.run.isEmpty && !filter.run.contains(where: { CaseFilter.matches($0, id) }) { return false }
        return !filter.skip.contains { CaseFilter.matches($0, id) }
    }

    static func vectorResult(_ result: IconLoadingCaseResult, applicable: Bool) -> VectorResult {
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

extension Termination {
    /// The exit status, when the process exited.
    var exitStatus: Int32? {
        if case .exited(let status) = self { return status }
        return nil
    }
}
