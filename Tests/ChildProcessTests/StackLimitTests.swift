// Tests/ChildProcessTests/StackLimitTests.swift - A call's main-thread stack is the one it is given, in both modes

import Foundation
import Testing

@testable import ChildProcess

/// How deep a recursive decoder gets before its stack overflows depends on RLIMIT_STACK, so an adapter call gets
/// the stack of its limits, not the runner's (Docs/conformance.md, "The adapter protocol"). 6 MiB is neither
/// the default 8 MiB nor unlimited, so an inherited limit cannot pass for it.
@Suite struct StackLimitTests {
    static let stack = 6 << 20

    @Test func aCallRunsWithTheStackItIsGiven() throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit sets the limits of a call")
        var ownLimit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_STACK.rawValue), &ownLimit) == 0)
        try #require(ownLimit.rlim_cur != rlim_t(Self.stack), "the runner's own stack is not the one tested")
        let limits = ProcessLimits(timeout: 10, cpuSeconds: nil, addressSpace: nil, stack: Self.stack)
        let result = ProcessRunner.run(["sh", "-c", "ulimit -Ss"], input: [], limits: limits)
        #expect(result.termination == .exited(0), "\(result.terminationSummary)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "\(Self.stack >> 10)\n")
    }

    /// A serving child gets it at its start, for every call it answers.
    @Test func aServingChildRunsWithTheStackItIsGiven() throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit sets the limits of a server")
        let script = ServeFrameTests.fixtureServer(
            """
                soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
                status = b"accepted" if soft == \(Self.stack) else b"rejected"
                responses.write(b"\\0\\0\\0\\x08" + status + b"\\0\\0\\0\\0"); responses.flush()
            """, setup: "import resource")
        let pool = ServerPool(
            serveCommand: ["python3", "-c", script, "serve"],
            limits: ProcessLimits(timeout: 20, cpuSeconds: nil, addressSpace: nil, stack: Self.stack))
        defer { pool.stop() }
        #expect(pool.run(["decode"], input: []).verdict == .accepted)
    }

    /// The soft limit only, never above the hard limit (prlimit would fail, and the call with it); the CPU limit
    /// only where the child keeps it for its life.
    @Test func theOptionsKeepTheStackUnderTheHardLimit() {
        let limits = ProcessLimits(timeout: 10, cpuSeconds: 5, addressSpace: 1 << 30, stack: 8 << 20)
        #expect(
            limits.prlimitOptions(cpu: true, stackHardLimit: nil)
                == ["--as=1073741824", "--cpu=5:6", "--stack=8388608:"])
        #expect(limits.prlimitOptions(cpu: false, stackHardLimit: 4 << 20) == ["--as=1073741824", "--stack=4194304:"])
        #expect(
            ProcessLimits(timeout: 10, cpuSeconds: nil, addressSpace: nil).prlimitOptions(
                cpu: true, stackHardLimit: nil
            ).isEmpty)
    }
}
