// Tests/ConformanceSuiteTests/SuiteRunTests.swift - The conformance use case without the command line

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import ConformanceSuite
import Foundation
import TestSupport
import Testing

/// What a run told its console, in order.
private final class RecordingConsole: RunConsole, @unchecked Sendable {
    private(set) var lines: [String] = []
    private(set) var progressShown: [(implementations: [String], unit: String)] = []
    private(set) var progressEndings = 0

    func message(_ line: String) { lines.append(line) }
    func escapedMessage(_ line: String) { lines.append(line) }
    func progress(implementations: [String], unit: String) -> @Sendable (RunProgress) -> Void {
        progressShown.append((implementations, unit))
        return { _ in }
    }
    func progressEnded() { progressEndings += 1 }
}

@Suite struct SuiteRunTests {
    private func request(
        vectors: String, filter: CaseFilter = CaseFilter(), knownFailures: String? = nil,
        writeKnownFailures: String? = nil
    ) -> SuiteRequest {
        SuiteRequest(
            vectors: vectors, builtIns: [.reference], adapter: nil, adapterName: "adapter", filter: filter,
            knownFailures: knownFailures, knownFailuresDirectory: nil, writeKnownFailures: writeKnownFailures,
            limits: .adapterCallDefault, jobs: 2, serve: true, referenceVersion: "test",
            arguments: ["xds", "conformance"])
    }

    @Test func aMissingVectorDirectoryStopsTheRunWithItsAccount() {
        let console = RecordingConsole()
        guard case .stopped(let stop) = SuiteRun.run(request(vectors: "/nonexistent/Vectors"), console: console)
        else {
            Issue.record("a run without vectors completed")
            return
        }
        #expect(stop == .inputOutput)
        #expect(
            console.lines == [
                "Error: vectors: /nonexistent/Vectors: no such directory; name the suite's Vectors directory with"
                    + " --vectors DIR"
            ])
        #expect(console.progressShown.isEmpty, "no progress before anything runs")
    }

    @Test func anAdapterThatDoesNotStartStopsTheRunWithItsErrorFirst() throws {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        var asked = request(vectors: set.directory)
        asked.builtIns = []
        asked.adapter = ["/nonexistent/adapter"]
        let console = RecordingConsole()
        guard case .stopped(let stop) = SuiteRun.run(asked, console: console) else {
            Issue.record("a run with a missing adapter completed")
            return
        }
        #expect(stop == .adapterDoesNotRun)
        #expect(console.lines.count == 2, "\(console.lines)")
        #expect(console.lines.first?.hasPrefix("Error: the adapter does not run: ") == true)
        #expect(console.lines.last == "  Nothing was tested, so no known-failure list is written.")
    }

    @Test func aFilterThatSelectsNoCaseTestedNothing() throws {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        let console = RecordingConsole()
        let outcome = SuiteRun.run(
            request(vectors: set.directory, filter: CaseFilter(run: ["no-such-case"])), console: console)
        guard case .stopped(let stop) = outcome else {
            Issue.record("a run of no case completed")
            return
        }
        #expect(stop == .testedNothing)
        #expect(
            console.lines.last
                == "Error: nothing to test: the filter (--area, --level, --run, --skip) selects no case of the "
                + "\(set.directory) vectors; see 'xds conformance --help'")
    }

    @Test func anUnreadableKnownFailureListStopsTheRun() throws {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        let console = RecordingConsole()
        let outcome = SuiteRun.run(
            request(vectors: set.directory, knownFailures: set.directory + "/no-such-list.txt"), console: console)
        guard case .stopped(let stop) = outcome else {
            Issue.record("a run with an unreadable list completed")
            return
        }
        #expect(stop == .inputOutput)
        #expect(console.lines.last == "Error: \(set.directory)/no-such-list.txt: unreadable")
        #expect(console.progressEndings == 1, "the progress line is cleared before the error")
    }

    @Test func theReferenceCompletesWithItsReportAndTheListItWrote() throws {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        let console = RecordingConsole()
        let listPath = set.directory + "/{impl}-known.txt"
        let outcome = SuiteRun.run(request(vectors: set.directory, writeKnownFailures: listPath), console: console)
        guard case .completed(let completion) = outcome else {
            Issue.record("the reference's run stopped: \(console.lines)")
            return
        }
        #expect(completion.report.runs.map(\.implementation.name) == ["reference"])
        #expect(!completion.builtInFailed)
        #expect(completion.report.provenance.command == "xds conformance")
        let cases = completion.result.caseCount
        #expect(cases > 0)
        #expect(completion.report.runs[0].results.count == cases)
        #expect(console.progressShown.map(\.implementations) == [["reference"]])
        #expect(console.progressShown.map(\.unit) == ["case"])
        #expect(console.lines.contains { $0.hasPrefix("ran \(cases) cases × 1 implementations in ") })
        let written = set.directory + "/reference-known.txt"
        #expect(FileManager.default.fileExists(atPath: written))
        #expect(completion.writtenLists.count == 1)
        #expect(completion.writtenLists.first?.contains("to \(written); review them") == true)
    }

    /// The use case is a library call: the process's own policy (becoming a subreaper, sweeping its children) is
    /// the command's. A run that swept would kill the children of whoever calls it, here another test's.
    @Test func aRunLeavesTheCallersOtherChildrenAlone() throws {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer {
            // SIGKILL: a signal the caller may block (and the child inherit) cannot hold it up.
            kill(sleeper.processIdentifier, SIGKILL)
            sleeper.waitUntilExit()
        }
        guard case .completed = SuiteRun.run(request(vectors: set.directory), console: RecordingConsole()) else {
            Issue.record("the reference's run stopped")
            return
        }
        #expect(sleeper.isRunning, "the run killed a child it did not start")
    }
}
