// Tests/ConformanceRunnerTests/ProcessRunnerTests.swift - Classification of real misbehaving adapters

import Foundation
import TestSupport
import Testing

@testable import ChildProcess

@Suite struct ProcessRunnerTests {
    private func call(
        _ adapter: String, input: [UInt8] = Array("x".utf8), limits: ProcessLimits = ProcessLimits(timeout: 10)
    )
        -> CallResult
    {
        ProcessRunner.run([Fixtures.adapter(adapter), "decode"], input: input, limits: limits)
    }

    @Test func exitTwoIsACrashNotARejection() {
        let result = call("exit2")
        #expect(result.termination == .exited(2))
        #expect(result.verdict == .crashed)
        #expect(String(decoding: result.stderr, as: UTF8.self) == "something broke\n")
    }

    @Test func exitOneIsARejectionAndZeroAnAcceptance() {
        #expect(call("echo", input: Array("nope".utf8)).verdict == .rejected)
        let accepted = call("echo", input: Array("{}".utf8))
        #expect(accepted.verdict == .accepted)
        #expect(accepted.stdout == Array("{}".utf8))
    }

    @Test func aSignalIsACrash() {
        let result = call("segv")
        #expect(result.termination == .signaled(SIGSEGV))
        #expect(result.verdict == .crashed)
        // The summary names the signal, so a crash line says why.
        #expect(result.terminationSummary == "signal 11 (SIGSEGV)")
    }

    @Test func sleepingPastTheTimeoutIsKilledWithItsChildren() {
        let result = call("sleep", input: Array("301.4713\n".utf8), limits: ProcessLimits(timeout: 0.5))
        #expect(result.termination == .timedOut)
        #expect(result.verdict == .crashed)
        #expect(result.terminationSummary == "timeout after 0.5 s")
        // The script's `sleep` child was in the killed process group: nothing of it survives.
        let survivors = ProcessRunner.run(
            ["pgrep", "-f", "sleep 301.4713"], input: [], limits: ProcessLimits(timeout: 5))
        #expect(survivors.verdict == .rejected, "pgrep found: \(String(decoding: survivors.stdout, as: UTF8.self))")
    }

    @Test func hugeOutputIsDrainedAndCappedWithoutDeadlock() {
        // 4 MiB of stdin that the adapter never reads, 64 MiB of stdout, 1 MiB of stderr.
        let limits = ProcessLimits(timeout: 60, stdoutCap: 1 << 20, stderrCap: 4096)
        let result = call("huge", input: [UInt8](repeating: 0x41, count: 4 << 20), limits: limits)
        #expect(result.termination == .exited(0))
        #expect(result.stdout.count == 1 << 20)
        #expect(result.stdoutTruncated)
        #expect(result.stderr.count == 4096)
    }

    @Test func allocatingBeyondTheAddressSpaceLimitIsACrash() throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit is needed for the address-space limit")
        let result = call("memory", limits: ProcessLimits(timeout: 30, addressSpace: 256 << 20))
        #expect(result.verdict == .crashed)
        #expect(result.termination != .exited(0))
    }

    /// A runner that once held much memory must not read it as the peak of every call it makes after: Linux keeps
    /// the peak of the memory a process leaves at exec, and a `posix_spawn` child leaves the runner's. Here the
    /// runner (an exit test's process of its own) touches 1 GiB, then an adapter rejects under a 1 GiB cap:
    /// its `ru_maxrss` reads at least 1 GiB, over the 75 % that counts as out-of-memory evidence, so without
    /// the runner's own peak discounted the plain rejection was graded a crash.
    @Test func theRunnersOwnPeakIsNoEvidenceAgainstACall() async throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit is needed for the address-space limit")
        await #expect(processExitsWith: .success) {
            raiseOwnPeak(to: 1 << 30)
            let result = ProcessRunner.run(
                [Fixtures.adapter("echo"), "decode"], input: Array("nope".utf8),
                limits: ProcessLimits(timeout: 30, addressSpace: 1 << 30))
            guard result.verdict == .rejected, result.outOfMemory == nil else {
                print("graded \(result.verdict): \(result.outOfMemory.map(String.init(describing:)) ?? "no evidence")")
                exit(1)
            }
        }
    }

    /// The discount keeps what a child's peak says about itself and drops what it may have inherited.
    @Test func aChildsPeakCountsOnlyAboveTheRunnersOwn() {
        #expect(ProcessStatistics.childPeak(reported: 900 << 20, inheritedBound: 100 << 20) == 900 << 20)
        #expect(ProcessStatistics.childPeak(reported: 100 << 20, inheritedBound: 100 << 20) == nil)
        #expect(ProcessStatistics.childPeak(reported: 50 << 20, inheritedBound: 100 << 20) == nil)
    }

    @Test func stderrWithExitZeroIsStillAnAcceptance() {
        let result = call("stderr", input: Array("{}".utf8))
        #expect(result.verdict == .accepted)
        #expect(!result.stderr.isEmpty)
    }

    @Test func aMissingProgramFailsToStart() {
        let result = ProcessRunner.run(["/nonexistent/adapter"], input: [], limits: ProcessLimits(timeout: 5))
        #expect(result.verdict == .crashed)
        // Directly a spawn failure; through prlimit the exec failure is prlimit's status 127.
        let expected: [Termination] = [.failedToStart("No such file or directory"), .exited(127)]
        #expect(expected.contains(result.termination))
    }

    /// A child starts with an empty signal mask and SIGINT, SIGTERM, SIGHUP and SIGPIPE at their default action,
    /// whatever its runner blocks or ignores (`xds conformance` blocks the first three in every thread and may
    /// itself have been started with them ignored): an adapter stays killable.
    @Test func aChildStartsWithAnEmptyMaskAndDefaultSignals() throws {
        let outcome = HandOff<String>()
        // The mask on a thread of its own, so that no other test's thread inherits it; SIGHUP ignored for the
        // whole process meanwhile (nothing in the tests sends it).
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        let thread = Thread {
            _ = TerminationCleanup.blockSignals()
            let result = ProcessRunner.run(
                ["cat", "/proc/self/status"], input: [], limits: ProcessLimits(timeout: 10, cpuSeconds: nil))
            outcome.finish(String(decoding: result.stdout, as: UTF8.self))
        }
        thread.start()
        let status = try #require(outcome.wait(seconds: 20), "the child did not report")
        func mask(_ field: String) -> UInt64? {
            status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
                .flatMap { UInt64($0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        #expect(mask("SigBlk") == 0)
        let ignored = try #require(mask("SigIgn"))
        for signalNumber in [SIGHUP, SIGINT, SIGTERM, SIGPIPE] {
            #expect(ignored & (1 << UInt64(signalNumber - 1)) == 0, "signal \(signalNumber) ignored in the child")
        }
    }

    @Test func aChildGetsOnlyItsThreeStandardDescriptors() throws {
        let descriptor = try LeakedDescriptor()
        defer { descriptor.close() }
        #expect(ProcessRunner.addCloseFrom != nil, "glibc 2.34+ has posix_spawn_file_actions_addclosefrom_np")
        let result = ProcessRunner.run(
            ["/bin/sh", "-c", "for f in /proc/$$/fd/*; do echo ${f##*/}; done"], input: [],
            limits: ProcessLimits(timeout: 10))
        #expect(result.termination == .exited(0))
        let descriptors = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(Set(descriptors).isSuperset(of: [0, 1, 2]), "\(descriptors)")
        #expect(
            !descriptors.contains(Int(descriptor.leaked)) && !descriptors.contains(Int(descriptor.opened)),
            "\(descriptors)")
        // At most the directory the glob reads, which the shell opens on the lowest free number.
        #expect(descriptors.filter { $0 > 2 }.count <= 1, "\(descriptors)")
    }
}
