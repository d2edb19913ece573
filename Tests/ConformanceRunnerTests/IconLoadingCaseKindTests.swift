// Tests/ConformanceRunnerTests/IconLoadingCaseKindTests.swift - Icon-loading cases in the one pipeline: one runner,
// one progress count, the report order, the area's resource started only when needed and its failure a crash

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

/// What the session asked of the stub resource, in order.
private final class ResourceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func add(_ entry: String) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}

private struct StubFailure: Error, CustomStringConvertible {
    var description: String
}

/// Stands in for IconLoadingArea: no server, no images; passes every case of an implementation with load-icon.
private struct StubResource: IconLoadingResource {
    var log: ResourceLog
    var failure: String?

    func start(_ cases: [ConformanceCase], serve: Bool, workDirectory: String) throws -> any IconLoadingCaseJudge {
        log.add("start \(cases.map(\.id).joined(separator: ",")) serve=\(serve)")
        if let failure { throw StubFailure(description: failure) }
        return StubJudge(log: log)
    }
}

private struct StubJudge: IconLoadingCaseJudge {
    var log: ResourceLog

    func run(_ testCase: ConformanceCase, on implementation: any Implementation) -> VectorResult {
        let metadata = testCase.vector.metadata
        return VectorResult(
            caseID: testCase.id, vectorID: metadata.id, area: metadata.area, group: metadata.group,
            level: testCase.level, outcome: implementation.supports(.loadIcon) ? .pass : .notApplicable,
            expected: "stub", actual: "", diagnostics: "", exitStatus: nil, signal: nil, knownFailure: nil)
    }

    func stop() { log.add("stop") }
}

private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshots: [RunProgress] = []

    func add(_ snapshot: RunProgress) {
        lock.lock()
        snapshots.append(snapshot)
        lock.unlock()
    }

    var last: RunProgress? {
        lock.lock()
        defer { lock.unlock() }
        return snapshots.max { $0.done < $1.done }
    }
}

@Suite struct IconLoadingCaseKindTests {
    /// The icon-loading vector comes first in the manifest, so the report order is the session's doing.
    private static func vectors() throws -> SyntheticVectors {
        try SyntheticVectors([
            (
                SyntheticVectors.metadata(
                    "icon-loading/valid/site-scale-1", .iconLoading, .valid, hasExpected: true, ext: "site.json"),
                "{}", "{}"
            ),
            (
                SyntheticVectors.metadata("plist/invalid/junk", .plist, .invalid, hasExpected: false), "bplist00junk",
                nil
            ),
        ])
    }

    private let loader = ClosureImplementation(capabilities: [.decode, .loadIcon]) { _ in .rejected("no") }
    private let decoder = ClosureImplementation(capabilities: [.decode]) { _ in .rejected("no") }

    private func run(
        _ implementations: [any Implementation], resource: StubResource?, progress: ProgressLog? = nil
    ) throws -> (ConformanceSession, SessionResult) {
        let set = try Self.vectors()
        defer { set.remove() }
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let session = ConformanceSession(vectors: try set.load(), jobs: 2, workDirectory: work, iconLoading: resource)
        var report: (@Sendable (RunProgress) -> Void)?
        if let progress { report = { progress.add($0) } }
        let result = session.run(implementations, knownFailures: { _ in KnownFailures() }, progress: report)
        return (session, result)
    }

    @Test func casesOfTheKindRunInTheOneRunnerAfterEveryOtherCase() throws {
        #expect(
            ConformanceCase.all(try Self.vectors().load().vectors).map(\.kind) == [.loadIcon, .decode],
            "one case per icon-loading vector, in manifest order")
        let log = ResourceLog()
        let progress = ProgressLog()
        let (_, result) = try run([loader, decoder], resource: StubResource(log: log), progress: progress)
        #expect(result.caseCount == 2)
        for run in result.runs {
            #expect(run.results.map(\.caseID) == ["plist/invalid/junk", "icon-loading/valid/site-scale-1"])
        }
        #expect(result.runs[0].results[1].outcome == .pass)
        #expect(result.runs[1].results[1].outcome == .notApplicable)
        #expect(log.all == ["start icon-loading/valid/site-scale-1 serve=true", "stop"])
        #expect(progress.last == RunProgress(done: 4, doneByImplementation: [2, 2], casesPerImplementation: 2))
    }

    @Test func noServerIsStartedWhenNoImplementationLoadsIcons() throws {
        let log = ResourceLog()
        let (_, result) = try run([decoder], resource: StubResource(log: log))
        #expect(result.runs[0].results.last?.outcome == .notApplicable)
        #expect(log.all == ["start icon-loading/valid/site-scale-1 serve=false", "stop"])
    }

    @Test func aResourceThatCannotStartMakesEveryIconLoadingCaseACrash() throws {
        let log = ResourceLog()
        let (_, result) = try run([loader, decoder], resource: StubResource(log: log, failure: "no python3"))
        let crashed = try #require(result.runs[0].results.last)
        #expect(crashed.outcome == .crash)
        #expect(crashed.actual == "not run\nthe icon-loading area did not run: no python3")
        #expect(result.runs[1].results.last?.outcome == .notApplicable)
        #expect(result.failed)
        #expect(log.all == ["start icon-loading/valid/site-scale-1 serve=true"])
    }

    @Test func withoutTheResourceTheAreaIsLeftOut() throws {
        let (session, result) = try run([loader], resource: nil)
        #expect(session.cases.map(\.id) == ["plist/invalid/junk"])
        #expect(result.runs[0].results.map(\.caseID) == ["plist/invalid/junk"])
        // A runner given no icon-loading judge never passes such a case.
        let testCase = try #require(ConformanceCase.all(session.vectors.vectors).first)
        let alone = Judge(workDirectory: session.workDirectory).run(testCase, on: loader)
        #expect(alone.outcome == .crash)
    }
}
