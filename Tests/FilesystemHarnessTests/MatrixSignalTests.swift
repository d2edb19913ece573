// Tests/FilesystemHarnessTests/MatrixSignalTests.swift - A signal at any point of fs-matrix's set-up leaves nothing

import Foundation
import Glibc
import TestSupport
import Testing

@testable import FilesystemHarness

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct MatrixSignalTests {
    /// Where to interrupt `xds fs-matrix --only ext4-4k,tmpfs`: right after journal line `line` of its
    /// set-up appears (0: before there is a run directory at all), plus `delay` µs. The set-up journals
    /// 11 lines: tmp dir; ext4's mount point, image intent, image identity, (mkfs,) attach intent,
    /// attached, mount intent, mounted; tmpfs' mount point, mount intent, mounted. The last points fall
    /// in the probes and round trips, which write files into the mount points until the signal.
    static let points: [(line: Int, delay: UInt32)] = [
        (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 40_000), (4, 120_000), (5, 0), (5, 2_000), (6, 0), (7, 0),
        (7, 1_000), (8, 0), (9, 0), (10, 0), (11, 0), (11, 300_000), (11, 700_000), (11, 1_200_000),
    ]

    /// Cycles SIGINT, SIGTERM, SIGHUP and SIGKILL (followed by `xds fs-matrix --clean`) over the points;
    /// after each, nothing is mounted, attached or on disk under the state directory, and nothing is
    /// left in the run's TMPDIR.
    @Test func aSignalAtAnyPointOfSetUpLeavesNothing() throws {
        let xds = try #require(builtXDS())
        let base = StateBase()
        defer { base.remove() }
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGKILL]
        for (index, point) in Self.points.enumerated() {
            try interrupt(xds, base, at: point, with: signals[index % signals.count])
        }
    }

    private func interrupt(_ xds: String, _ base: StateBase, at point: (line: Int, delay: UInt32), with signal: Int32)
        throws
    {
        try Mounts.withTemporaryDirectory(prefix: "xds-signal-test") { scratch in
            let temporary = scratch + "/tmp"
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            let environment = ProcessInfo.processInfo.environment.merging([
                "XDS_FS_MATRIX_STATE_DIR": base.path, "TMPDIR": temporary,
            ]) { $1 }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xds)
            process.arguments = ["fs-matrix", "--only", "ext4-4k,tmpfs", "--out", scratch + "/out"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let before = Set(base.leftovers)
            try process.run()
            var lines = 0
            for _ in 0..<30_000 where lines < point.line && process.isRunning {
                usleep(1_000)
                lines = journalLines(base, of: process.processIdentifier)
            }
            usleep(point.delay)
            let where_ = "\(signalName(signal)) after journal line \(point.line) + \(point.delay) µs"
            #expect(process.isRunning, "\(where_): the run ended before the signal")
            kill(process.processIdentifier, signal)
            for _ in 0..<500 where process.isRunning { usleep(10_000) }
            #expect(!process.isRunning, "\(where_): still running 5 s after the signal")
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if signal == SIGKILL {
                #expect(process.terminationReason == .uncaughtSignal)
                let clean = ToolRun.run([xds, "fs-matrix", "--clean"], environment: environment)
                #expect(clean.status == 0, "\(where_): --clean: \(clean.errorText)")
            } else if point.line > 0 || process.terminationReason == .exit {
                // The handlers are installed before the run directory exists.
                #expect(process.terminationReason == .exit, "\(where_)")
                #expect(process.terminationStatus == 128 + signal, "\(where_)")
            }
            // Only what this run left: one failure must not make every later point fail too.
            let left = base.leftovers.filter { !before.contains($0) }
            #expect(left.isEmpty, "\(where_): left \(left)")
            let temporaryFiles = try FileManager.default.contentsOfDirectory(atPath: temporary)
            #expect(temporaryFiles.isEmpty, "\(where_): left in TMPDIR \(temporaryFiles)")
        }
    }

    /// Journal lines after the header, of the run directory of process `pid` (its journal's header
    /// names it), never of a directory an earlier run left behind.
    private func journalLines(_ base: StateBase, of pid: Int32) -> Int {
        for run in base.entries where run.hasPrefix("run.") {
            guard let text = try? String(contentsOfFile: base.path + "/" + run + "/journal", encoding: .utf8),
                text.split(separator: "\n").first == "xds-run\tpid \(pid)"
            else { continue }
            return max(0, text.split(separator: "\n").count - 1)
        }
        return 0
    }

    private func signalName(_ signal: Int32) -> String {
        [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGKILL: "SIGKILL"][signal] ?? "signal \(signal)"
    }
}
