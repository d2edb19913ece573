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
enum ServeEquivalence {
    /// The CPU limit of `make conformance` and `make matrix`: a verdict near a limit depends on load in either
    /// mode, so the test runs at the runner's own CPU limit, which no finite call of the vector set comes near.
    /// At 2 s, binplist's 100,000-deep nesting (about 3 s) met the limit in one mode and not in the other; at the
    /// runner's former 10 s, libplist's (9.0–9.5 s, then SIGSEGV) did on CI. The wall clock is 120 s instead of
    /// the runner's 60, since other test suites hold the cores too; the CPU limit, not the machine's load, is what
    /// decides a runaway call here.
    static let runnerLimits: ProcessLimits = {
        var limits = ProcessLimits.adapterCallDefault
        limits.timeout = 120
        return limits
    }()

    private static func run(_ builtIn: BuiltIn, serve: Bool, cases: [ConformanceCase], work: String) throws
        -> ImplementationRun
    {
        let implementation = try builtIn.make(
            PeerGate.locations, limits: runnerLimits, referenceVersion: "test", serve: serve
        ).get()
        defer { implementation.stopServing() }
        if let process = implementation as? ProcessImplementation { #expect((process.servers != nil) == serve) }
        return Runner(judge: Judge(workDirectory: work), jobs: 2).run(cases, on: [implementation])[0]
    }

    /// Runs the whole vector set through `builtIn` once per mode and records every case whose verdicts differ;
    /// returns the per-call verdicts.
    @discardableResult
    static func expectSameVerdicts(_ builtIn: BuiltIn) throws -> [ServeModeEquivalence.Verdict] {
        let vectors = try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors").vectors
        let cases = ConformanceCase.all(vectors)
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let perCall = try run(builtIn, serve: false, cases: cases, work: work)
        let served = try run(builtIn, serve: true, cases: cases, work: work)
        #expect(perCall.results.count == cases.count)
        #expect(served.results.count == cases.count)
        for difference in ServeModeEquivalence.differences(perCall: [perCall], served: [served]) {
            Issue.record("\(difference)")
        }
        return perCall.results.map(ServeModeEquivalence.Verdict.init)
    }
}

/// The built-in adapters and the compiled and JVM peers. Each test uses both cores, so the tests of a suite run
/// one at a time; the two suites run side by side, and a per-call run spends much of its time starting processes.
@Suite(.serialized) struct ServeEquivalenceTests {
    /// plistlib has every call but load-icon and crashes (exit 70 with a policy line) on dozens of vectors;
    /// libplist crashes by signal on some. Both modes, whole vector set, every case equal.
    @Test(arguments: [BuiltIn.plistlib, .libplist])
    func serveGivesThePerCallVerdictsOnTheWholeVectorSet(_ builtIn: BuiltIn) throws {
        let perCall = try ServeEquivalence.expectSameVerdicts(builtIn)
        #expect(perCall.contains { $0.outcome == .crash }, "the set exercises crashes")
    }

    /// The compiled and JVM peers serve too (issue #30): the Rust crate panics or overflows its stack on some
    /// vectors, dd-plist ends with exit 70 on undeclared exceptions, GNUstep on uncaught NSExceptions. They run
    /// when the peer is installed (`make peers`), and always under CI=true, as the other peer tests.
    @Test(.enabled(if: PeerGate.runs(.rustPlist), PeerGate.reason(.rustPlist)))
    func rustPlistServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.rustPlist) }

    @Test(.enabled(if: PeerGate.runs(.ddPlist), PeerGate.reason(.ddPlist)))
    func ddPlistServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.ddPlist) }

    @Test(.enabled(if: PeerGate.runs(.gnustep), PeerGate.reason(.gnustep)))
    func gnustepServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.gnustep) }
}

/// The interpreted peers: the Python ones share one serve loop (peerlib) over four libraries; CFPropertyList is
/// Ruby, whose exceptions end the call with exit 70 per call and a framed crash served.
@Suite(.serialized) struct InterpretedPeerServeEquivalenceTests {
    @Test(.enabled(if: PeerGate.runs(.biplist), PeerGate.reason(.biplist)))
    func biplistServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.biplist) }

    @Test(.enabled(if: PeerGate.runs(.bpylist2), PeerGate.reason(.bpylist2)))
    func bpylist2ServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.bpylist2) }

    @Test(.enabled(if: PeerGate.runs(.bplist), PeerGate.reason(.bplist)))
    func bplistServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.bplist) }

    @Test(.enabled(if: PeerGate.runs(.binplist), PeerGate.reason(.binplist)))
    func binplistServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.binplist) }

    @Test(.enabled(if: PeerGate.runs(.cfpropertylist), PeerGate.reason(.cfpropertylist)))
    func cfpropertylistServesThePerCallVerdicts() throws { try ServeEquivalence.expectSameVerdicts(.cfpropertylist) }
}
