// Tests/ConformanceModelTests/ServeModeEquivalenceTests.swift - the rule both the equivalence test and bench-matrix use

import ConformanceModel
import Testing

@Suite struct ServeModeEquivalenceTests {
    private func result(
        _ caseID: String, _ outcome: Outcome, kind: CrashKind? = nil, exit: Int32? = nil, signal: Int32? = nil
    ) -> VectorResult {
        var result = VectorResult(
            caseID: caseID, vectorID: caseID, area: .plist, group: .invalid, level: .required, outcome: outcome,
            expected: "reject", actual: "", diagnostics: "", exitStatus: exit, signal: signal, knownFailure: nil)
        result.crashKind = kind
        return result
    }

    private func run(_ name: String, _ results: [VectorResult]) -> ImplementationRun {
        ImplementationRun(
            implementation: ImplementationInfo(
                name: name, title: name, version: "1", kind: "adapter", command: nil, capabilities: []),
            results: results)
    }

    @Test func equalRunsHaveNoDifference() {
        let results = [result("a", .pass), result("b", .crash, kind: .signal, signal: 11)]
        #expect(ServeModeEquivalence.differences(perCall: [run("x", results)], served: [run("x", results)]).isEmpty)
    }

    @Test func aRunawayCallIsJudgedByItsClass() {
        let perCall = run("x", [result("a", .crash, kind: .timeout, signal: 24)])
        let served = run("x", [result("a", .crash, kind: .outOfMemory, exit: 70)])
        #expect(ServeModeEquivalence.differences(perCall: [perCall], served: [served]).isEmpty)
    }

    @Test func anotherSignalOrExitStatusDiffers() {
        let perCall = run(
            "x", [result("a", .crash, kind: .signal, signal: 11), result("b", .crash, kind: .exit, exit: 70)])
        let served = run(
            "x", [result("a", .crash, kind: .signal, signal: 6), result("b", .crash, kind: .exit, exit: 1)])
        let differences = ServeModeEquivalence.differences(perCall: [perCall], served: [served])
        #expect(differences.map(\.caseID) == ["a", "b"])
        #expect(
            differences[0].description
                == "x a: per call crash signal exit - signal 11, served crash signal exit - signal 6")
    }

    @Test func aCrashAndAnAcceptanceDiffer() {
        let perCall = run("x", [result("a", .crash, kind: .exit, exit: 70)])
        let served = run("x", [result("a", .shouldHaveRejected)])
        let differences = ServeModeEquivalence.differences(perCall: [perCall], served: [served])
        #expect(differences.map(\.caseID) == ["a"])
    }

    @Test func aCaseOrRunOnOneSideOnlyDiffers() {
        let perCall = [run("x", [result("a", .pass)])]
        let served = [run("x", [result("a", .pass), result("b", .pass)]), run("y", [result("c", .pass)])]
        let differences = ServeModeEquivalence.differences(perCall: perCall, served: served)
        #expect(differences.map { "\($0.implementation) \($0.caseID)" } == ["x b", "y c"])
        #expect(differences.allSatisfy { $0.perCall == nil && $0.served?.outcome == .pass })
        let missing = ServeModeEquivalence.differences(perCall: served, served: perCall)
        #expect(missing.map { "\($0.implementation) \($0.caseID)" } == ["x b", "y c"])
        #expect(missing.allSatisfy { $0.served == nil })
    }
}
