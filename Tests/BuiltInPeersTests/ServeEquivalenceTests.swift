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
/// set (plist, attribute, icons), run once per mode, compared by outcome, crash kind, exit status and signal (a
/// timeout or out-of-memory crash by its class: which limit a runaway call meets first may differ, see below).
@Suite(.serialized) struct ServeEquivalenceTests {
    /// The built-ins' and the optional peers' programs (the peers' from `make peers`).
    private let locations = PeerGate.locations

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
                    // A runaway call is judged by its class, resource exhaustion: whether it meets the CPU limit
                    // (SIGXCPU, timeout) or the memory cap first (out of memory, SIGSEGV, abort), and whether its
                    // peak is three quarters of the cap by then, depends on page-fault system time under load, in
                    // either mode (Docs/conformance.md, "The persistent mode").
                    $0.crashKind == .outOfMemory || $0.crashKind == .timeout
                        ? Verdict(outcome: $0.outcome, crashKind: .outOfMemory)
                        : Verdict(
                            outcome: $0.outcome, crashKind: $0.crashKind, exitStatus: $0.exitStatus, signal: $0.signal)
                )
            })
    }

    /// plistlib has every call but load-icon and crashes (exit 70 with a policy line) on dozens of vectors;
    /// libplist crashes by signal on some. Both modes, whole vector set, every case equal.
    @Test(arguments: [BuiltIn.plistlib, .libplist])
    func serveGivesThePerCallVerdictsOnTheWholeVectorSet(_ builtIn: BuiltIn) throws {
        let perCall = try expectSameVerdicts(builtIn)
        #expect(perCall.values.contains { $0.outcome == .crash }, "the set exercises crashes")
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

    /// Cases that crash in both modes but not always the same way, and why (Docs/conformance.md, "The persistent
    /// mode"): the outcome must still be a crash in both.
    static let crashDetailsMayDiffer: [String: String] = [
        // GNUstep's binary parser copies a 528,668-byte string from a 141-byte input: what the over-read meets
        // depends on the heap around the data, which differs in a long-lived process (exit 70 on an NSException
        // per call, SIGSEGV served; a different heap may even accept).
        "gnustep plist/invalid/long-count-runs-into-table": "reads past the end of its data"
    ]

    /// Runs the whole vector set through `builtIn` once per mode and records every case whose verdicts differ;
    /// returns the per-call verdicts.
    @discardableResult
    private func expectSameVerdicts(_ builtIn: BuiltIn) throws -> [String: Verdict] {
        let vectors = try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors").vectors
        let cases = ConformanceCase.all(vectors)
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let perCall = try verdicts(builtIn, serve: false, cases: cases, work: work)
        let served = try verdicts(builtIn, serve: true, cases: cases, work: work)
        #expect(perCall.count == cases.count)
        for testCase in cases where perCall[testCase.id] != served[testCase.id] {
            if Self.crashDetailsMayDiffer["\(builtIn.rawValue) \(testCase.id)"] != nil,
                perCall[testCase.id]?.outcome == .crash, served[testCase.id]?.outcome == .crash
            {
                continue
            }
            Issue.record(
                "\(builtIn.rawValue) \(testCase.id): per call \(perCall[testCase.id].map(String.init(describing:)) ?? "none"), served \(served[testCase.id].map(String.init(describing:)) ?? "none")"
            )
        }
        return perCall
    }
}
