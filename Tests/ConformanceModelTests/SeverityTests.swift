// Tests/ConformanceModelTests/SeverityTests.swift - Crash kinds, hazards and the severity of a deviation

import ConformanceModel
import Testing

@Suite struct SeverityTests {
    static func result(
        _ outcome: Outcome, level: VectorLevel = .required, hazard: Hazard? = nil, exit: Int32? = nil,
        signal: Int32? = nil, actual: String = ""
    ) -> VectorResult {
        var result = VectorResult(
            caseID: "plist/invalid/x", vectorID: "plist/invalid/x", area: .plist, group: .invalid, level: level,
            outcome: outcome, expected: "reject", actual: actual, diagnostics: "", exitStatus: exit, signal: signal,
            knownFailure: nil)
        result.hazard = hazard
        return result
    }

    @Test func crashKindsTellSignalsFromLimitsMemoryAndExceptions() {
        #expect(CrashKind.classify(exitStatus: nil, signal: 11, timedOut: false, outOfMemory: false) == .signal)
        #expect(CrashKind.classify(exitStatus: nil, signal: 6, timedOut: false, outOfMemory: false) == .signal)
        #expect(CrashKind.classify(exitStatus: nil, signal: 24, timedOut: false, outOfMemory: false) == .timeout)
        #expect(CrashKind.classify(exitStatus: nil, signal: 9, timedOut: false, outOfMemory: false) == .timeout)
        #expect(CrashKind.classify(exitStatus: nil, signal: nil, timedOut: true, outOfMemory: false) == .timeout)
        #expect(CrashKind.classify(exitStatus: nil, signal: 6, timedOut: false, outOfMemory: true) == .outOfMemory)
        #expect(CrashKind.classify(exitStatus: 1, signal: nil, timedOut: false, outOfMemory: true) == .outOfMemory)
        #expect(CrashKind.classify(exitStatus: 70, signal: nil, timedOut: false, outOfMemory: false) == .exit)
    }

    @Test func severityOfEachDeviation() {
        #expect(Self.result(.crash, signal: 6, actual: "signal 6").severity == .memorySafetyCrash)
        #expect(Self.result(.crash, actual: "timeout").severity == .denialOfService)
        #expect(Self.result(.crash, signal: 24, actual: "signal 24 (CPU time limit)").severity == .denialOfService)
        #expect(
            Self.result(.crash, exit: 70, actual: "exit 70, out of memory (peak RSS 1 MiB of the 2 MiB cap)").severity
                == .denialOfService)
        #expect(Self.result(.crash, exit: 70, actual: "exit 70").severity == .exceptionExit)
        #expect(Self.result(.shouldHaveRejected, hazard: .memorySafety).severity == .unsafeAcceptance)
        #expect(Self.result(.shouldHaveRejected, hazard: .resourceExhaustion).severity == .unsafeAcceptance)
        #expect(Self.result(.shouldHaveRejected, hazard: .interoperability).severity == .interoperability)
        #expect(Self.result(.shouldHaveRejected, hazard: .strictness).severity == .lenient)
        #expect(Self.result(.shouldHaveRejected, level: .recommended).severity == .lenient)
        #expect(Self.result(.shouldHaveRejected).severity == .lenient, "an old report has no hazard")
        #expect(Self.result(.wrongValue, hazard: .memorySafety).severity == .interoperability)
        #expect(Self.result(.shouldHaveAccepted).severity == .interoperability)
        for outcome in Outcome.allCases where !outcome.isDeviation { #expect(Self.result(outcome).severity == nil) }
    }

    @Test func aRecordedCrashKindWinsOverWhatTheTextSays() {
        var result = Self.result(.crash, exit: 70, actual: "exit 70")
        result.crashKind = .outOfMemory
        #expect(result.effectiveCrashKind == .outOfMemory)
        #expect(Self.result(.pass, signal: 11).effectiveCrashKind == nil)
    }

    @Test func noCrashOfEveryVectorCountsEveryCrashAndNothingElse() throws {
        let document = SpecificationDocument.parse(
            """
            ## 8. Security

            **[s.no-crash] Never crash.**
            Readers MUST NOT crash.
            Scope: every vector

            **[p.x] X.**
            Readers MUST reject x.
            Hazard: memory-safety
            """)
        let metadata = VectorMetadata(
            id: "plist/invalid/x", area: .plist, group: .invalid, input: "plist/invalid/x.bplist", expected: nil,
            description: "d", spec: "p.x", level: .required, tags: [], since: "0.1.0", error: nil, made: "test",
            hazard: .memorySafety)
        var other = Self.result(.shouldHaveRejected, hazard: .memorySafety)
        other.caseID = "plist/invalid/y"
        other.vectorID = "plist/invalid/y"
        let run = ImplementationRun(
            implementation: ImplementationInfo(
                name: "a", title: "A", version: "1", kind: "built-in", command: nil, capabilities: ["decode"]),
            results: [Self.result(.crash, signal: 11, actual: "signal 11"), other])
        let requirements = RequirementResults.build(runs: [run], vectors: [metadata], document: document)
        let noCrash = try #require(requirements.first { $0.id == "s.no-crash" })
        #expect(noCrash.coversEveryVector == true)
        let verdict = try #require(noCrash.result(for: "a"))
        #expect(verdict.verdict == .breaks)
        #expect(verdict.cases == 2 && verdict.passed == 1)
        #expect(verdict.deviations.map(\.severity) == [.memorySafetyCrash])
        let x = try #require(requirements.first { $0.id == "p.x" })
        #expect(x.hazard == .memorySafety)
        #expect(x.result(for: "a")?.deviations.first?.severity == .memorySafetyCrash)
    }
}
