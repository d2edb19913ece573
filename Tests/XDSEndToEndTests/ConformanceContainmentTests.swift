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

        /// Set in the runner's environment, so in every process it starts: finds survivors without pid files.
        let marker = "XDS_TEST_MARKER=" + UUID().uuidString

        func process(adapter: String, run: String = "plist/valid/bool-true") -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltProducts.path(of: "xds"))
            process.arguments = [
                "conformance", "--vectors", BuiltProducts.packageRoot.path + "/Vectors", "--cmd",
                Fixtures.adapter(adapter), "--run", run, "--timeout", "120", "--cpu-limit", "100", "--jobs", "2",
            ]
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary
            environment["XDS_TEST_PIDS"] = pids
            environment["XDS_TEST_MARKER"] = String(marker.dropFirst("XDS_TEST_MARKER=".count))
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
    }

    /// Live processes (not zombies) whose environment holds `marker`.
    private static func processes(marked marker: String) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        let wanted = Array(marker.utf8)
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(), isRunning(pid),
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { return nil }
            return environment.split(separator: 0).contains { Array($0) == wanted } ? pid : nil
        }
    }

    /// The processes marked with `marker` that outlive a grace period, all killed (an orphaned adapter may still
    /// be starting a child, so /proc is read until it stays quiet).
    private static func survivors(marked marker: String) -> [pid_t] {
        var seen: Set<pid_t> = []
        var quiet = 0
        for _ in 0..<40 where quiet < 4 {
            let found = processes(marked: marker)
            quiet = found.isEmpty ? quiet + 1 : 0
            seen.formUnion(found)
            usleep(50_000)
        }
        var survivors = Set(waitUntilGone(Array(seen)))
        for _ in 0..<100 {
            let found = processes(marked: marker)
            if found.isEmpty { break }
            survivors.formUnion(found)
            for pid in found { kill(pid, SIGKILL) }
            usleep(20_000)
        }
        return survivors.sorted()
    }

    /// Alive and not a zombie.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Waits up to `seconds` for `pid` to end (or be a zombie); kills it with SIGKILL if it did not.
    /// - Returns: whether it ended by itself.
    private static func endsWithin(_ seconds: Double, _ pid: pid_t) -> Bool {
        var waited = 0.0
        while isRunning(pid) && waited < seconds {
            usleep(50_000)
            waited += 0.05
        }
        guard isRunning(pid) else { return true }
        kill(pid, SIGKILL)
        return false
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

    /// SIGTERM at any moment of a run, from before the runner has blocked the signals through loading the
    /// vectors and probing the adapter to two calls in flight (twenty moments spread over three seconds, each
    /// shifted at random; a debug build starts its calls after about two): the runner always ends
    /// by SIGTERM, leaves no temporary or scratch directory, and no process it started survives.
    @Test func sigtermAtAnyMomentLeavesNothingBehind() throws {
        var moments: [String] = []
        for index in 0..<20 {
            let delay = Double(index) * 0.15 + Double.random(in: 0..<0.15)
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let process = sandbox.process(adapter: "slow", run: "plist/valid/*")
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGTERM)
            let moment = String(format: "%.3f s", delay)
            // Until the runner is a zombie: Foundation reports the exit only once every process holding its
            // status socket has ended, so survivors are killed before waiting for it.
            if !Self.endsWithin(60, process.processIdentifier) {
                Issue.record("SIGTERM after \(moment): the runner did not end within 60 s")
            }
            let survivors = Self.survivors(marked: sandbox.marker)
            process.waitUntilExit()
            moments.append(moment)
            #expect(process.terminationReason == .uncaughtSignal, "SIGTERM after \(moment)")
            #expect(process.terminationStatus == SIGTERM, "SIGTERM after \(moment)")
            #expect(survivors.isEmpty, "SIGTERM after \(moment): processes left running")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.temporary)) ?? ["(unreadable)"]
            #expect(left.isEmpty, "SIGTERM after \(moment): left in TMPDIR: \(left)")
        }
        #expect(moments.count == 20)
    }

    /// `XDS.main` blocks the terminating signals first, and gives the caller's mask back to a command that does
    /// not handle them: `xds decode` waiting for its input, started with nothing blocked, still ends by SIGTERM.
    @Test func aCommandThatDoesNotHandleSignalsStaysKillable() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.path(of: "xds"))
        process.arguments = ["decode"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Foundation's Process passes the spawning thread's signal mask on, and the test runner's threads may
        // block SIGTERM: start it from a thread with an empty mask, as a shell would.
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            try? process.run()
            started.signal()
        }
        thread.start()
        started.wait()
        try #require(process.processIdentifier > 0, "xds did not start")
        defer { try? input.fileHandleForWriting.close() }
        usleep(500_000)
        kill(process.processIdentifier, SIGTERM)
        if !Self.endsWithin(10, process.processIdentifier) {
            Issue.record("xds decode did not end by SIGTERM within 10 s")
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
    }
}
