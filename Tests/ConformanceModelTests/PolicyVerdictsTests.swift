// Tests/ConformanceModelTests/PolicyVerdictsTests.swift - A `policy:` marker counts when it starts its own line

import ConformanceModel
import Testing

@Suite struct PolicyVerdictsTests {
    private func result(diagnostics: String) -> VectorResult {
        VectorResult(
            caseID: "plist/invalid/a", vectorID: "plist/invalid/a", area: .plist, group: .invalid, level: .required,
            outcome: .crash, expected: "reject", actual: "exit 70", diagnostics: diagnostics, exitStatus: 70,
            signal: nil, knownFailure: nil)
    }

    /// Docs/conformance.md ("The `policy:` lines"): the marker starts a line of standard error, on any line.
    @Test(arguments: [
        "policy: recursion-limit\n", "policy: undocumented-exception IndexError",
        "crash: RecursionError\npolicy: recursion-limit\n", "Traceback\r\npolicy: recursion-limit\r\n",
    ])
    func aMarkerStartingALineIsCounted(diagnostics: String) {
        #expect(result(diagnostics: diagnostics).restsOnPolicy)
    }

    /// Mid-line text is not a marker: a library's message may quote anything, and the documented form is a line.
    @Test(arguments: [
        "crash: policy: recursion-limit\n", " policy: recursion-limit\n", "rejected (policy: undocumented-exception X)",
        "policy:recursion-limit\n", "Policy: recursion-limit\n", "",
    ])
    func textMidLineOrMisspeltIsNotCounted(diagnostics: String) {
        #expect(!result(diagnostics: diagnostics).restsOnPolicy)
    }

    @Test func theRunCountsItsMarkedVerdicts() {
        let run = ImplementationRun(
            implementation: ImplementationInfo(
                name: "x", title: "x", version: "1", kind: "adapter", command: nil, capabilities: ["decode"]),
            results: [result(diagnostics: "policy: recursion-limit"), result(diagnostics: "x policy: recursion-limit")])
        #expect(run.policyVerdictCount == 1)
    }
}
