// Tests/ChildProcessTests/BackgroundChildTests.swift - A child beside the runner: lines, stop, what it inherits

import Foundation
import TestSupport
import Testing

@testable import ChildProcess

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BackgroundChildTests {
    /// Whether `pid` is gone (reaped, or a zombie nobody waits for).
    static func gone(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: " ").dropFirst(2).first == "Z"
    }

    @Test func readsItsLinesAndStopsAtTheEndOfItsInput() throws {
        let child = try BackgroundChild(["sh", "-c", "echo first; echo second; cat >/dev/null; echo never"])
        #expect(child.readLine(timeout: 10).map { String(decoding: $0, as: UTF8.self) } == "first")
        #expect(child.readLine(timeout: 10).map { String(decoding: $0, as: UTF8.self) } == "second")
        // Waiting for a line that does not come returns after the timeout.
        let start = Date()
        #expect(child.readLine(timeout: 0.3) == nil)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(child.isRunning)
        child.stop()
        #expect(!child.isRunning)
        #expect(Self.gone(child.pid))
    }

    @Test func aChildThatIgnoresItsInputAndSIGTERMIsKilled() throws {
        // SIGTERM ignored across exec: only SIGKILL ends it.
        let child = try BackgroundChild(["sh", "-c", "trap '' TERM; echo up; exec sleep 300"])
        #expect(child.readLine(timeout: 10).map { String(decoding: $0, as: UTF8.self) } == "up")
        let start = Date()
        child.stop(grace: 0.2)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(Self.gone(child.pid))
    }

    /// Started from a thread that blocks the terminating signals (as every thread of `xds conformance` does)
    /// and with a descriptor leaked past close-on-exec: the child sees neither.
    @Test func theChildGetsAnEmptyMaskAndOnlyItsThreeStandardDescriptors() throws {
        let descriptor = try LeakedDescriptor()
        defer { descriptor.close() }
        let started = HandOff<BackgroundChild?>()
        let thread = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            started.finish(try? BackgroundChild(["sh", "-c", "echo up; exec cat"]))
        }
        thread.start()
        let child = try #require(started.wait(seconds: 20) ?? nil)
        defer { child.stop() }
        #expect(child.readLine(timeout: 10) != nil)
        let status = try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)
        let mask = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
        #expect(mask.map { $0.hasSuffix("0000000000000000") } == true, "\(mask ?? "no SigBlk line")")
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").sorted()
        #expect(descriptors == ["0", "1", "2"])
        // Its own process group.
        #expect(getpgid(child.pid) == child.pid)
    }

    @Test func aCommandThatDoesNotExistFailsToStart() {
        let program = "/nonexistent/program-\(UUID().uuidString)"
        #expect(throws: BackgroundChildError(description: "cannot start \(program): No such file or directory")) {
            _ = try BackgroundChild([program])
        }
        #expect(throws: BackgroundChildError(description: "empty command")) { _ = try BackgroundChild([]) }
    }
}
