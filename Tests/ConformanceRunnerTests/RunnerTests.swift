// Tests/ConformanceRunnerTests/RunnerTests.swift - Judging rules and the runner, on synthetic vector sets

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct RunnerTests {
    private func run(_ implementation: any Implementation, _ set: SyntheticVectors, jobs: Int = 2) throws -> [String:
        VectorResult]
    {
        let vectors = try set.load()
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let runs = Runner(judge: Judge(workDirectory: work), jobs: jobs).run(
            ConformanceCase.all(vectors.vectors), on: [implementation])
        return Dictionary(uniqueKeysWithValues: runs[0].results.map { ($0.caseID, $0) })
    }

    @Test func aCorrectAdapterPassesEveryArea() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let results = try run(fixtureImplementation("echo"), set)
        #expect(results["plist/invalid/junk"]?.outcome == .pass)
        #expect(results["plist/implementation-defined/json"]?.outcome == .implementationDefinedAccepted)
        #expect(results["attribute/valid/name"]?.outcome == .pass)
        #expect(results["attribute/invalid/xml"]?.outcome == .pass)
        // Only complete attributes with an https URL get a write round trip: this one has just a name.
        #expect(results["attribute/valid/name#write"] == nil)
        #expect(results["icons/valid/one@scale=1"]?.outcome == .pass)
        #expect(results["icons/valid/one@scale=2"]?.outcome == .pass)
        // The echo adapter answers an icon at every scale, but scale 3 expects none.
        #expect(results["icons/valid/one@scale=3"]?.outcome == .shouldHaveRejected)
        #expect(results.count == 8)
    }

    @Test func aWrongAdapterIsGradedWrong() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let results = try run(fixtureImplementation("wrong"), set)
        #expect(results["plist/invalid/junk"]?.outcome == .shouldHaveRejected)
        #expect(results["attribute/valid/name"]?.outcome == .wrongValue)
        #expect(results["attribute/invalid/xml"]?.outcome == .shouldHaveRejected)
        #expect(results["icons/valid/one@scale=1"]?.outcome == .wrongValue)
        #expect(results["icons/valid/one@scale=3"]?.outcome == .shouldHaveRejected)
    }

    @Test func crashesAndTimeoutsAreCrashesWithTheirCause() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let segv = try run(fixtureImplementation("segv"), set)
        #expect(segv["plist/invalid/junk"]?.outcome == .crash)
        #expect(segv["plist/invalid/junk"]?.signal == SIGSEGV)
        let slow = try run(fixtureImplementation("sleep", limits: ProcessLimits(timeout: 0.3)), set)
        #expect(slow["plist/invalid/junk"]?.outcome == .crash)
        #expect(slow["plist/invalid/junk"]?.actual.hasPrefix("timeout") == true)
        // Areas without a call are n/a, never failures.
        #expect(slow["attribute/valid/name"]?.outcome == .notApplicable)
    }

    @Test func validDecodeIsComparedAsValuesAndRejectionIsShouldHaveAccepted() throws {
        let set = try SyntheticVectors([
            (
                SyntheticVectors.metadata("plist/valid/one", .plist, .valid, hasExpected: true), "x",
                #"{"type":"integer","value":"1"}"#
            )
        ])
        defer { set.remove() }
        let rejecting = ClosureImplementation(capabilities: [.decode]) { _ in .rejected("no") }
        #expect(try run(rejecting, set)["plist/valid/one"]?.outcome == .shouldHaveAccepted)
        let crashing = ClosureImplementation(capabilities: [.decode]) { _ in
            CallResult(termination: .exited(3), stdout: [], stderr: [])
        }
        #expect(try run(crashing, set)["plist/valid/one"]?.outcome == .crash)
        let garbage = ClosureImplementation(capabilities: [.decode]) { _ in .accepted(Array("not json".utf8)) }
        #expect(try run(garbage, set)["plist/valid/one"]?.outcome == .wrongValue)
    }

    @Test func canonicalBytesAreARecommendedCaseBesideTheRequiredReadBack() throws {
        func bplist(_ object: [UInt8]) -> [UInt8] {
            let table = UInt8(8 + object.count)
            return Array("bplist00".utf8) + object + [8] + [0, 0, 0, 0, 0, 0, 1, 1]
                + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, table]
        }
        let canonical = bplist([0x10, 0x01])  // the integer 1 in one byte
        let wider = bplist([0x11, 0x00, 0x01])  // the same integer in two bytes: reads back, not canonical
        let set = try SyntheticVectors(bytes: [
            (
                SyntheticVectors.metadata("plist/valid/canon", .plist, .valid, hasExpected: true, tags: [.canonical]),
                canonical, #"{"type":"integer","value":"1"}"#
            )
        ])
        defer { set.remove() }
        let cases = ConformanceCase.all(try set.load().vectors)
        #expect(cases.map(\.id) == ["plist/valid/canon", "plist/valid/canon#encode", "plist/valid/canon#canonical"])
        #expect(cases.map(\.level) == [.required, .required, .recommended])
        let recommended = cases.filter { CaseFilter(levels: [.recommended]).includes($0) }
        #expect(recommended.map(\.id) == ["plist/valid/canon#canonical"])

        let exact = try run(ClosureImplementation(capabilities: [.encode]) { _ in .accepted(canonical) }, set)
        #expect(exact["plist/valid/canon#encode"]?.outcome == .pass)
        #expect(exact["plist/valid/canon#canonical"]?.outcome == .pass)
        let other = try run(ClosureImplementation(capabilities: [.encode]) { _ in .accepted(wider) }, set)
        #expect(other["plist/valid/canon#encode"]?.outcome == .pass)
        // The right value in other bytes: a layout difference, its own outcome (not a wrong value).
        #expect(other["plist/valid/canon#canonical"]?.outcome == .nonCanonical)
        #expect(other["plist/valid/canon#canonical"]?.level == .recommended)
    }

    @Test func resultsKeepCaseOrderWhateverTheJobs() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let vectors = try set.load()
        let cases = ConformanceCase.all(vectors.vectors)
        let implementation = ClosureImplementation(capabilities: AdapterCall.allCases) { _ in .rejected("no") }
        for jobs in [1, 3, 8] {
            let runs = Runner(judge: Judge(workDirectory: NSTemporaryDirectory()), jobs: jobs).run(
                cases, on: [implementation, implementation])
            #expect(runs.count == 2)
            #expect(runs[1].results.map(\.caseID) == cases.map(\.id))
        }
    }

    @Test func filtersSelectByAreaLevelAndGlobs() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let cases = ConformanceCase.all(try set.load().vectors)
        func ids(_ filter: CaseFilter) -> [String] { cases.filter { filter.includes($0) }.map(\.id) }
        #expect(ids(CaseFilter(areas: [.attribute])) == ["attribute/valid/name", "attribute/invalid/xml"])
        #expect(ids(CaseFilter(levels: [.recommended])).count == 4)
        #expect(ids(CaseFilter(run: ["plist/invalid/*"])) == ["plist/invalid/junk", "plist/invalid/other"])
        #expect(
            ids(CaseFilter(run: ["icons/*"], skip: ["*@scale=2"])) == [
                "icons/valid/one@scale=1", "icons/valid/one@scale=3",
            ])
        #expect(ids(CaseFilter(skip: ["*"])).isEmpty)
    }
}
