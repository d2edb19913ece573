// Tests/XDSEndToEndTests/ConformanceContainmentTests.swift - No adapter process outlives `xds conformance`

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ConformanceContainmentTests {
    /// A private TMPDIR (so leftovers are visible) and a file the hostile adapters write their pids to.
    private struct Sandbox {
        let temporary: String
        let pids: String

        init() throws {
            let base = NSTemporaryDirectory() + "xds-containment-" + UUID().uuidString
            temporary = base + "/tmp"
            pids = base + "/pids"
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(atPath: (temporary as NSString).deletingLastPathComponent) }

        var recordedPids: [pid_t] {
            let text = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
        }

        func process(adapter: String) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltProducts.path(of: "xds"))
            process.arguments = [
                "conformance", "--vectors", BuiltProducts.packageRoot.path + "/Vectors", "--cmd",
                Fixtures.adapter(adapter), "--run", "plist/valid/bool-true", "--timeout", "120", "--cpu-limit", "100",
            ]
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary
            environment["XDS_TEST_PIDS"] = pids
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
    }

    /// Alive and not a zombie.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    private static func waitUntilGone(_ pids: [pid_t]) -> [pid_t] {
        for _ in 0..<100 {
            if !pids.contains(where: isRunning) { return [] }
            usleep(50_000)
        }
        return pids.filter(isRunning)
    }

    /// An adapter's child that calls setsid() leaves the call's process group; the run still ends it.
    @Test func aChildThatCallsSetsidDoesNotOutliveTheRun() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let process = sandbox.process(adapter: "setsid")
        try process.run()
        // The run is one quick call: it must end well before the escapee's 300 s sleep would.
        var waited = 0
        while process.isRunning && waited < 1200 {
            usleep(50_000)
            waited += 1
        }
        let pids = sandbox.recordedPids
        if process.isRunning {
            for pid in pids { kill(pid, SIGKILL) }
            process.terminate()
            Issue.record("xds conformance did not end within 60 s")
        }
        process.waitUntilExit()
        try #require(!pids.isEmpty, "the adapter did not record its escapee")
        let survivors = Self.waitUntilGone(pids)
        for pid in survivors { kill(pid, SIGKILL) }
        #expect(survivors.isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: sandbox.temporary)) == [])
    }

    /// SIGINT, SIGTERM or SIGHUP to the runner kills the call in flight (which ignores them), its child, and
    /// the child it moved to a session of its own, removes every temporary directory, and ends the runner by
    /// the same signal.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalEndsEveryAdapterProcessAndRemovesTheTemporaryDirectories(_ signal: Int32) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let process = sandbox.process(adapter: "stubborn")
        try process.run()
        var waited = 0
        while sandbox.recordedPids.count < 3 && waited < 400 {
            usleep(50_000)
            waited += 1
        }
        let pids = sandbox.recordedPids
        try #require(pids.count == 3, "the adapter did not start")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let survivors = Self.waitUntilGone(pids)
        for pid in survivors { kill(pid, SIGKILL) }
        #expect(survivors.isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: sandbox.temporary)) == [])
    }
}
