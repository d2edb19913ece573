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
/// set (plist, attribute, icons), run once per mode, compared by `ServeModeEquivalence` (outcome, crash kind, exit
/// status and signal; a runaway call by its class; the listed cases that may crash differently).
@Suite(.serialized) struct ServeEquivalenceTests {
    /// The built-ins' and the optional peers' programs (the peers' from `make peers`).
    private let locations = PeerGate.locations

    private func run(_ builtIn: BuiltIn, serve: Bool, cases: [ConformanceCase], work: String) throws
        -> ImplementationRun
    {
        let implementation = try builtIn.make(
            locations, limits: Self.runnerLimits, referenceVersion: "test", serve: serve
        ).get()
        defer { implementation.stopServing() }
        if let process = implementation as? ProcessImplementation { #expect((process.servers != nil) == serve) }
        return Runner(judge: Judge(workDirectory: work), jobs: 2).run(cases, on: [implementation])[0]
    }

    /// plistlib has every call but load-icon and crashes (exit 70 with a policy line) on dozens of vectors;
    /// libplist crashes by signal on some. Both modes, whole vector set, every case equal.
    @Test(arguments: [BuiltIn.plistlib, .libplist])
    func serveGivesThePerCallVerdictsOnTheWholeVectorSet(_ builtIn: BuiltIn) throws {
        let perCall = try expectSameVerdicts(builtIn)
        #expect(perCall.contains { $0.outcome == .crash }, "the set exercises crashes")
    }

    /// The compiled and JVM peers serve too (issue #30): the Rust crate panics or overflows its stack on some
    /// vectors, dd-plist ends with exit 70 on undeclared exceptions, GNUstep on uncaught NSExceptions. They run
    /// when the peer is installed (`make peers`), and always under CI=true, as the other peer tests.
    @Test(.enabled(if: PeerGate.runs(.rustPlist), PeerGate.reason(.rustPlist)))
    func rustPlistServesThePerCallVerdicts() throws { try expectSameVerdicts(.rustPlist) }

    @Test(.enabled(if: PeerGate.runs(.ddPlist), PeerGate.reason(.ddPlist)))
    func ddPlistServesThePerCallVerdicts() throws { try expectSameVerdicts(.ddPlist) }

    @Test(.enabled(if: PeerGate.runs(.gnustep), PeerGate.reason(.gnustep)))
    func gnustepServesThePerCallVerdicts() throws { try expectSameVerdicts(.gnustep) }

    /// The Python peers share one serve loop (peerlib) over four libraries; CFPropertyList is Ruby, whose
    /// exceptions end the call with exit 70 per call and a framed crash served. They run at the runner's limits like every other: at 2 s of CPU, binplist's 100,000-deep nesting (about 3 s)
    /// met the limit in one mode and not in the other, run to run.
    @Test(.enabled(if: PeerGate.runs(.biplist), PeerGate.reason(.biplist)))
    func biplistServesThePerCallVerdicts() throws { try expectSameVerdicts(.biplist) }

    @Test(.enabled(if: PeerGate.runs(.bpylist2), PeerGate.reason(.bpylist2)))
    func bpylist2ServesThePerCallVerdicts() throws { try expectSameVerdicts(.bpylist2) }

    @Test(.enabled(if: PeerGate.runs(.bplist), PeerGate.reason(.bplist)))
    func bplistServesThePerCallVerdicts() throws { try expectSameVerdicts(.bplist) }

    @Test(.enabled(if: PeerGate.runs(.binplist), PeerGate.reason(.binplist)))
    func binplistServesThePerCallVerdicts() throws { try expectSameVerdicts(.binplist) }

    @Test(.enabled(if: PeerGate.runs(.cfpropertylist), PeerGate.reason(.cfpropertylist)))
    func cfpropertylistServesThePerCallVerdicts() throws { try expectSameVerdicts(.cfpropertylist) }

    /// Runs the whole vector set through `builtIn` once per mode and records every case whose verdicts differ;
    /// returns the per-call verdicts.
    /// The limits of `make conformance` and `make matrix`.
    static let runnerLimits = ProcessLimits(timeout: 30, cpuSeconds: 10)

    @discardableResult
    private func expectSameVerdicts(_ builtIn: BuiltIn) throws -> [ServeModeEquivalence.Verdict] {
        let vectors = try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors").vectors
        let cases = ConformanceCase.all(vectors)
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let perCall = try run(builtIn, serve: false, cases: cases, work: work)
        let served = try run(builtIn, serve: true, cases: cases, work: work)
        #expect(perCall.results.count == cases.count)
        #expect(served.results.count == cases.count)
        for difference in ServeModeEquivalence.differences(perCall: [perCall], served: [served])
        where difference.allowedBecause == nil {
            Issue.record("\(difference)")
        }
        return perCall.results.map(ServeModeEquivalence.Verdict.init)
    }
}
