// Tests/ConformanceRunnerTests/ConformanceSessionTests.swift - A whole session in process: cases, lists, verdict

import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct ConformanceSessionTests {
    /// Accepts every decode, so `plist/invalid/*` deviate (should-have-rejected).
    private let acceptsEverything = ClosureImplementation(capabilities: [.decode]) { _ in
        .accepted(Array(#"{"type": "integer", "value": "1"}"#.utf8))
    }

    private func session(_ set: SyntheticVectors, filter: CaseFilter = CaseFilter()) throws -> ConformanceSession {
        let work = try #require(RunEnvironment.makeWorkDirectory())
        return ConformanceSession(vectors: try set.load(), filter: filter, jobs: 2, workDirectory: work)
    }

    @Test func anUnlistedRequiredDeviationFailsTheRun() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let session = try session(set, filter: CaseFilter(areas: [.plist]))
        defer { try? FileManager.default.removeItem(atPath: session.workDirectory) }
        let result = session.run([acceptsEverything], knownFailures: { _ in KnownFailures() })
        #expect(result.caseCount == session.cases.count)
        #expect(result.caseCount < session.allCases.count)
        #expect(result.failed)
        #expect(result.failureLines.first == "FAIL closure:")
        #expect(result.failureLines.contains { $0.hasPrefix("  plist/invalid/junk: should-have-rejected") })
        // Recommended-level deviations never fail a run.
        #expect(!result.failureLines.contains { $0.contains("plist/invalid/other") })
    }

    @Test func aListNamingTheDeviationMakesItCleanAndAStaleOrUnknownEntryFails() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let session = try session(set, filter: CaseFilter(areas: [.plist]))
        defer { try? FileManager.default.removeItem(atPath: session.workDirectory) }
        let listed = try KnownFailures.parse("plist/invalid/junk # accepts junk\n")
        let clean = session.run([acceptsEverything], knownFailures: { _ in listed })
        #expect(!clean.failed)
        #expect(clean.runs[0].results.first { $0.caseID == "plist/invalid/junk" }?.knownFailure == "accepts junk")

        let rotten = try KnownFailures.parse("plist/invalid/junk # accepts junk\nplist/invalid/gone # removed\n")
        let failing = session.run([acceptsEverything], knownFailures: { _ in rotten })
        #expect(failing.checks[0].check.unknown == ["plist/invalid/gone"])
        #expect(failing.failed)
    }

    @Test func aListErrorStopsTheSession() throws {
        struct Unreadable: Error {}
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let session = try session(set)
        defer { try? FileManager.default.removeItem(atPath: session.workDirectory) }
        #expect(throws: Unreadable.self) {
            try session.run(
                [acceptsEverything],
                knownFailures: { (_: ImplementationInfo) throws(Unreadable) in
                    throw Unreadable()
                })
        }
    }
}
