// Tests/BuiltInPeersTests/ServeEquivalenceTests.swift - CMD serve gives the verdicts of one process per call, case by case

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

/// Docs/conformance.md, "The persistent mode": the per-call mode is the reference meaning, and the same adapter
/// must get the same verdicts through `CMD serve`. The judge of that is this test: every case of the whole vector
/// set (plist, attribute, icons), run once per mode, compared by outcome, crash kind, exit status and signal (an
/// out-of-memory crash by outcome and kind: which limit a runaway call meets first may differ, see below).
@Suite(.serialized) struct ServeEquivalenceTests {
    private let locations = BuiltInLocations(
        xds: BuiltProducts.path(of: "xds"), foundationAdapter: BuiltProducts.path(of: "xds-adapter-foundation"),
        python: "python3",
        plistlibAdapter: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py")

    /// What must be equal between the modes for one case.
    private struct Verdict: Hashable, CustomStringConvertible {
        var outcome: Outcome
        var crashKind: CrashKind?
        var exitStatus: Int32? = nil
        var signal: Int32? = nil
        var description: String {
            "\(outcome.rawValue) \(crashKind?.rawValue ?? "-") exit \(exitStatus.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-")"
        }
    }

    private func verdicts(_ builtIn: BuiltIn, serve: Bool, cases: [ConformanceCase], work: String) throws
        -> [String: Verdict]
    {
        let implementation = try builtIn.make(
            locations, limits: ProcessLimits(timeout: 30, cpuSeconds: 10), referenceVersion: "test", serve: serve
        ).get()
        defer { implementation.stopServing() }
        if let process = implementation as? ProcessImplementation { #expect((process.servers != nil) == serve) }
        let run = Runner(judge: Judge(workDirectory: work), jobs: 2).run(cases, on: [implementation])[0]
        return Dictionary(
            uniqueKeysWithValues: run.results.map {
                (
                    $0.caseID,
                    // Out of memory, the verdict is the kind: the address-space cap holds for the whole server,
                    // so a runaway call may meet it (SIGSEGV, abort) where one process of its own meets the CPU
                    // limit first (SIGXCPU), or the other way round (Docs/conformance.md, "The persistent mode").
                    $0.crashKind == .outOfMemory
                        ? Verdict(outcome: $0.outcome, crashKind: $0.crashKind)
                        : Verdict(
                            outcome: $0.outcome, crashKind: $0.crashKind, exitStatus: $0.exitStatus, signal: $0.signal)
                )
            })
    }

    /// plistlib has every call but load-icon and crashes (exit 70 with a policy line) on dozens of vectors;
    /// libplist crashes by signal on some. Both modes, whole vector set, every case equal.
    @Test(arguments: [BuiltIn.plistlib, .libplist])
    func serveGivesThePerCallVerdictsOnTheWholeVectorSet(_ builtIn: BuiltIn) throws {
        let vectors = try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors").vectors
        let cases = ConformanceCase.all(vectors)
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let perCall = try verdicts(builtIn, serve: false, cases: cases, work: work)
        let served = try verdicts(builtIn, serve: true, cases: cases, work: work)
        #expect(perCall.count == cases.count)
        #expect(perCall.values.contains { $0.outcome == .crash }, "the set exercises crashes")
        for testCase in cases where perCall[testCase.id] != served[testCase.id] {
            Issue.record(
                "\(testCase.id): per call \(perCall[testCase.id].map(String.init(describing:)) ?? "none"), served \(served[testCase.id].map(String.init(describing:)) ?? "none")"
            )
        }
    }
}
