// Tests/ChildProcessTests/ServeFrameTests.swift - The CMD serve codec and the server's isolation

import ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ServeFrameTests {
    /// A fixture server in Python: `setup`, then the framed request loop (end of input ends it) that reads each
    /// request's words and payload and runs `body` (indented for the loop) on them.
    static func fixtureServer(_ body: String, setup: String = "") -> String {
        """
        import sys
        \(setup)
        requests, responses = sys.stdin.buffer, sys.stdout.buffer
        while True:
            head = requests.read(4)
            if not head: sys.exit(0)
            words = requests.read(int.from_bytes(head, "big")).split(b"\\0")
            payload = requests.read(int.from_bytes(requests.read(4), "big"))
        \(body)
        """
    }

    /// A response read back in chunks of every size is the response written.
    @Test func aResponseReadsBackWhateverTheChunking() throws {
        let frame = ServeFrame.response(.rejected, payload: Array("out".utf8), diagnostic: Array("why\n".utf8))
        for size in 1...frame.count {
            var reader = ResponseFrameReader(payloadCap: 100, diagnosticCap: 100)
            var index = 0
            while index < frame.count {
                let end = min(frame.count, index + size)
                index += try reader.feed(frame[index..<end])
            }
            #expect(
                reader.response
                    == ServeResponse(status: .rejected, payload: Array("out".utf8), diagnostic: Array("why\n".utf8)))
        }
    }

    /// A payload above the cap is read to its end and cut, as standard output is in the per-call mode.
    @Test func aPayloadAboveTheCapIsTruncated() throws {
        let frame = ServeFrame.response(.accepted, payload: Array(repeating: 7, count: 50), diagnostic: [])
        var reader = ResponseFrameReader(payloadCap: 10, diagnosticCap: 10)
        #expect(try reader.feed(frame[...] + [1, 2]) == frame.count)
        #expect(reader.response?.payload.count == 10)
        #expect(reader.response?.payloadTruncated == true)
    }

    @Test func anUnknownStatusOrAnOversizedHeaderIsAProtocolError() {
        var reader = ResponseFrameReader(payloadCap: 10, diagnosticCap: 10)
        #expect(throws: ServeFrameError.unknownStatus("exit70")) {
            try reader.feed([0, 0, 0, 6] + Array("exit70".utf8))
        }
        var large = ResponseFrameReader(payloadCap: 10, diagnosticCap: 10)
        #expect(throws: ServeFrameError.headerTooLong(0x7fff_ffff)) { try large.feed([0x7f, 0xff, 0xff, 0xff]) }
    }

    @Test func requestWordsRoundTrip() {
        let words = ["select-icon", "--scale", "2", "--app-info-url", "https://e.example/a b"]
        let frame = ServeFrame.request(words, payload: [1])
        let headerCount = Int(frame[3])
        #expect(ServeFrame.words(ofRequestHeader: Array(frame[4..<(4 + headerCount)])) == words)
    }

    /// A server that dies in a call gives that call its exit status, the next call a fresh server, and a
    /// server that exits 1 without answering is a protocol error, never a rejection.
    @Test func aServerThatDiesIsRestartedAndNothingIsReplayed() throws {
        let script = Self.fixtureServer(
            """
                if payload == b"die": sys.stderr.write("policy: undocumented-exception X\\n"); sys.exit(70)
                if payload == b"one": sys.exit(1)
                if payload == b"junk": responses.write(b"junk"); responses.flush(); continue
                answer = b"accepted" if payload == b"yes" else b"rejected\\0no"
                responses.write(len(answer).to_bytes(4, "big") + answer + len(words[0]).to_bytes(4, "big") + words[0])
                responses.flush()
            """)
        let pool = ServerPool(serveCommand: ["python3", "-c", script, "serve"], limits: ProcessLimits(timeout: 20))
        defer { pool.stop() }
        let accepted = pool.run(["decode"], input: Array("yes".utf8))
        #expect(accepted.termination == .exited(0))
        #expect(accepted.stdout == Array("decode".utf8))
        #expect(pool.run(["decode"], input: Array("no".utf8)).verdict == .rejected)
        #expect(pool.serversStarted == 1)
        let crashed = pool.run(["decode"], input: Array("die".utf8))
        #expect(crashed.termination == .exited(70))
        #expect(String(decoding: crashed.stderr, as: UTF8.self).hasPrefix("policy: undocumented-exception"))
        if case .protocolError = pool.run(["decode"], input: Array("one".utf8)).termination {
        } else {
            Issue.record("a server exiting 1 without an answer must be a protocol error")
        }
        if case .protocolError = pool.run(["decode"], input: Array("junk".utf8)).termination {
        } else {
            Issue.record("a malformed frame must be a protocol error")
        }
        #expect(pool.run(["decode"], input: Array("yes".utf8)).verdict == .accepted)
        #expect(pool.serversStarted == 4)
    }

    /// A server is replaced when a call leaves its address space more than 64 MiB larger, measured from the end of
    /// its first call: a runtime that maps memory while it starts (a JVM, 2 GiB) keeps its server, a call that
    /// leaves 200 MiB mapped does not.
    @Test func aServerIsReplacedOnlyWhenACallLeavesItsAddressSpaceGrown() throws {
        let script = Self.fixtureServer(
            """
                if not kept: kept.append(mmap.mmap(-1, 300 << 20))  # the runtime starting, during the first call
                if payload == b"grow": kept.append(mmap.mmap(-1, 200 << 20))
                responses.write((8).to_bytes(4, "big") + b"accepted" + (0).to_bytes(4, "big"))
                responses.flush()
            """, setup: "import mmap\nkept = []")
        let pool = ServerPool(
            serveCommand: ["python3", "-c", script, "serve"], limits: ProcessLimits(timeout: 20, addressSpace: 2 << 30))
        defer { pool.stop() }
        for _ in 0..<3 { #expect(pool.run(["decode"], input: Array("x".utf8)).verdict == .accepted) }
        #expect(pool.serversStarted == 1, "the first call's own growth is the baseline")
        #expect(pool.run(["decode"], input: Array("grow".utf8)).verdict == .accepted)
        #expect(pool.run(["decode"], input: Array("x".utf8)).verdict == .accepted)
        #expect(pool.serversStarted == 2, "a call that left 200 MiB mapped ends its server")
    }

    /// A server whose peak resident size passed half the address-space cap during a call is ended after it, even
    /// when the call freed the memory (its resident size and address space are back where they were): the next
    /// call runs in another process. A call whose peak stays under half the cap keeps its server.
    @Test func aServerWhosePeakPassedHalfTheCapIsReplaced() throws {
        // `touch N`: maps N MiB, writes every page, unmaps it; every answer is the server's pid.
        let script = Self.fixtureServer(
            """
                if payload.startswith(b"touch "):
                    size = int(payload[6:]) << 20
                    block = mmap.mmap(-1, size)
                    for offset in range(0, size, mmap.PAGESIZE): block[offset] = 1
                    block.close()
                pid = str(os.getpid()).encode()
                responses.write(b"\\0\\0\\0\\x08accepted" + len(pid).to_bytes(4, "big") + pid); responses.flush()
            """, setup: "import mmap, os")
        let cap = 256 << 20
        let pool = ServerPool(
            serveCommand: ["python3", "-c", script, "serve"],
            limits: ProcessLimits(timeout: 20, cpuSeconds: nil, addressSpace: cap))
        defer { pool.stop() }
        func serverPid(_ payload: String) -> String {
            let result = pool.run(["decode"], input: Array(payload.utf8))
            #expect(
                result.verdict == .accepted,
                "\(payload): \(result.terminationSummary) \(String(decoding: result.stderr, as: UTF8.self))")
            return String(decoding: result.stdout, as: UTF8.self)
        }
        let first = serverPid("x")
        #expect(Int(first) != nil, "the fixture answers its pid")
        #expect(serverPid("touch 64") == first, "a peak of about 75 MiB is under half the cap")
        #expect(serverPid("x") == first)
        #expect(serverPid("touch 160") == first, "the call itself runs in the same server")
        let next = serverPid("x")
        #expect(Int(next) != nil)
        #expect(next != first, "a peak of about 170 MiB, over half of 256 MiB, ends the server after the call")
        #expect(pool.serversStarted == 2)
    }

    /// The serve-mode twin of `ProcessRunnerTests.theRunnersOwnPeakIsNoEvidenceAgainstACall`: the peak `wait4`
    /// reports for a server that died includes the runner's own peak at the spawn (Linux keeps it across exec, and
    /// the per-call reset does not clear it). Here the runner (an exit test's process of its own) touches 1 GiB,
    /// then its server exits 70 in a call under a 1 GiB cap: the inherited peak, over 75 % of the cap, must not
    /// make that exit an out-of-memory crash.
    @Test func aDeadServersInheritedPeakIsNoEvidence() async throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit is needed for the address-space limit")
        await #expect(processExitsWith: .success) {
            raiseOwnPeak(to: 1 << 30)
            let script = ServeFrameTests.fixtureServer(
                """
                    if payload == b"die": sys.exit(70)
                    responses.write(b"\\0\\0\\0\\x08accepted\\0\\0\\0\\0"); responses.flush()
                """)
            let pool = ServerPool(
                serveCommand: ["python3", "-c", script, "serve"],
                limits: ProcessLimits(timeout: 30, cpuSeconds: nil, addressSpace: 1 << 30))
            defer { pool.stop() }
            let result = pool.run(["decode"], input: Array("die".utf8))
            guard result.termination == .exited(70), result.outOfMemory == nil else {
                print(
                    "\(result.terminationSummary): \(result.outOfMemory.map(String.init(describing:)) ?? "no evidence")"
                )
                exit(1)
            }
        }
    }

    /// The runner sends SIGXCPU once the call's own CPU time reaches the limit, not when RLIMIT_CPU (whole seconds of
    /// the server's life) runs out: a server that had used 0.2 s before a call spinning under a 1 s limit would get
    /// 1.8 s from RLIMIT_CPU (2 s, the used time rounded up plus the limit); the call gets about 1 s.
    @Test func theCPULimitCountsTheCallsOwnTimeNotWholeSecondsOfTheServer() throws {
        // `warm` spends 0.15 s of CPU and answers; `spin` spins, writing the CPU seconds it has spent on standard
        // error every 0.02 s of them, until a signal ends it.
        let script = Self.fixtureServer(
            """
                if payload == b"warm":
                    start = clock()
                    while clock() - start < 0.15: pass
                if payload == b"spin":
                    start, mark = clock(), 0.0
                    while True:
                        spent = clock() - start
                        if spent >= mark:
                            sys.stderr.write(f"{spent:.3f}\\n"); sys.stderr.flush(); mark = spent + 0.02
                responses.write(b"\\0\\0\\0\\x08accepted\\0\\0\\0\\0"); responses.flush()
            """, setup: "from time import process_time as clock")
        let limit = 1
        let pool = ServerPool(
            serveCommand: ["python3", "-c", script, "serve"],
            limits: ProcessLimits(timeout: 20, cpuSeconds: limit, addressSpace: nil))
        defer { pool.stop() }
        #expect(pool.run(["decode"], input: Array("warm".utf8)).verdict == .accepted)
        let spun = pool.run(["decode"], input: Array("spin".utf8))
        #expect(pool.serversStarted == 1, "the spinning call ran in the server that had already used CPU")
        #expect(spun.signal == SIGXCPU, "\(spun.terminationSummary)")
        let reports = String(decoding: spun.stderr, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        let spent = try #require(reports.last, "the spinning call reports the CPU it spends")
        #expect(spent >= Double(limit) - 0.1, "the call ran to its limit: \(spent) s")
        #expect(spent < Double(limit) + 0.5, "the call stopped near its limit, not at RLIMIT_CPU's: \(spent) s")
    }

    /// The CPU limit holds per call: a call spinning past it ends by SIGXCPU (or the runner's SIGKILL a second
    /// later), as a one-call process under RLIMIT_CPU would.
    @Test func theCPULimitHoldsPerCall() throws {
        let script = Self.fixtureServer(
            """
                while payload == b"spin": pass
                responses.write(b"\\0\\0\\0\\x08accepted\\0\\0\\0\\0"); responses.flush()
            """)
        let pool = ServerPool(
            serveCommand: ["python3", "-c", script, "serve"], limits: ProcessLimits(timeout: 20, cpuSeconds: 1))
        defer { pool.stop() }
        #expect(pool.run(["decode"], input: []).verdict == .accepted)
        let spun = pool.run(["decode"], input: Array("spin".utf8))
        #expect(spun.signal == 24 || spun.signal == 9)
    }
}
