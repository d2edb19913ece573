// Sources/ChildProcess/ServingChild.swift - One persistent adapter server (`CMD serve`), one framed call at a time

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `CMD serve` process and its pipes. Each call writes one request frame and reads one response
/// frame, under the call's own limits (Docs/conformance.md "The persistent mode"):
///
/// - **wall clock**: the call's timeout runs from the request; past it the server's group is killed and the
///   call is `timedOut`, as in the one-process-per-call mode;
/// - **CPU time**: a call that spends its limit gets SIGXCPU (then SIGKILL) as a one-call process would: the
///   runner sends it once the server's CPU time (sampled every 0.1 s) has grown by the limit since the request,
///   and `RLIMIT_CPU`, set before each call (with `prlimit(2)`) to the CPU time used so far rounded up to a
///   second plus the limit, with the hard limit one second later, backs it up;
/// - **stack**: the main thread's soft `RLIMIT_STACK`, set at the start, as for one process per call;
/// - **memory**: the address-space cap (`RLIMIT_AS`) holds for the whole server, as for one process per call;
///   the peak resident size is reset before each call (`/proc/PID/clear_refs`, 5) so the out-of-memory
///   evidence is the call's own (VmHWM sampled every 0.1 s, and `wait4`'s peak when the server dies, which the
///   reset resets until a thread of the server exits: the kernel then keeps the peak of that moment for the
///   process); a server whose resident size or peak after a call is above half the cap, or whose address space
///   grew more than 64 MiB after its first call, is ended, so that the next call starts in a fresh process with
///   the headroom under the cap that a process of its own has, and no earlier call's peak reaches its evidence;
/// - **standard error**: what the server writes there during a call, then the response's diagnostic, is the
///   call's standard error.
///
/// A server that dies during a call gives the call its exit status or signal; a frame that breaks the
/// protocol, or a server that ends with exit 0 or 1 without answering, makes the call `protocolError`. In
/// every such case the server is gone and the next call starts another; nothing is replayed.
final class ServingChild {
    let pid: pid_t
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private let scratch: String?
    private var stderrCarry: [UInt8] = []
    private(set) var alive = true
    /// The call's peak resident size as last sampled (VmHWM after the per-call reset).
    private var callPeak = 0
    /// The runner's own peak resident size just after the spawn, which the server's peak from `wait4` inherits
    /// (`ProcessStatistics.childPeak`); VmHWM does not.
    private let inheritedPeak: Int
    /// The address space the server had mapped after its first call.
    private var startAddressSpace: Int?
    /// How far a server's address space may grow over `startAddressSpace` before it is replaced after a call.
    static let addressSpaceSlack = 64 << 20

    /// Starts `arguments` (the adapter command followed by `serve`).
    init(_ arguments: [String], limits: ProcessLimits, environment: [String: String]) throws(ServeStartError) {
        let argv = limits.applied(to: arguments, cpu: false)
        let scratch = ScratchDirectory.make()
        ProcessRunner.spawnLock.lock()
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
            let message = String(cString: strerror(errno))
            for descriptor in stdinPipe + stdoutPipe + stderrPipe where descriptor >= 0 { close(descriptor) }
            ProcessRunner.spawnLock.unlock()
            scratch.map(ScratchDirectory.remove)
            throw ServeStartError(message: "pipe: " + message)
        }
        for descriptor in stdinPipe + stdoutPipe + stderrPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let spawned = ProcessRunner.spawn(
            argv, environment: environment, stdin: stdinPipe[0], stdout: stdoutPipe[1], stderr: stderrPipe[1],
            directory: scratch)
        if case .success(let child) = spawned { ChildContainment.register(group: child) }
        inheritedPeak = ProcessStatistics.ownPeakResidentBytes()
        for descriptor in [stdinPipe[0], stdoutPipe[1], stderrPipe[1]] { close(descriptor) }
        ProcessRunner.spawnLock.unlock()
        guard case .success(let child) = spawned else {
            for descriptor in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] { close(descriptor) }
            scratch.map(ScratchDirectory.remove)
            if case .failure(let error) = spawned {
                throw ServeStartError(message: String(cString: strerror(error.code)))
            }
            throw ServeStartError(message: "spawn")
        }
        signal(SIGPIPE, SIG_IGN)
        pid = child
        stdinFD = stdinPipe[1]
        stdoutFD = stdoutPipe[0]
        stderrFD = stderrPipe[0]
        self.scratch = scratch
        for descriptor in [stdinFD, stdoutFD, stderrFD] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit { stop() }

    /// Performs one call. After a result whose server is gone (`alive` false) the child must not be used again.
    func call(_ words: [String], input: [UInt8], limits: ProcessLimits) -> CallResult {
        guard alive else {
            return CallResult(termination: .protocolError("the server had ended"), stdout: [], stderr: [])
        }
        emptyScratch()
        ProcessStatistics.resetPeakResident(pid)
        // The hard limit stays where it is (raising it again for the next call would need privilege): the runner
        // sends the SIGKILL the one-call hard limit would, a second of CPU after the soft limit.
        let cpuStart = ProcessStatistics.cpuSeconds(pid) ?? 0
        var cpuKill: Double?
        // RLIMIT_CPU counts whole seconds of the server's life, so it allows this call up to a second more than
        // its limit; the runner sends the SIGXCPU itself once the call's own CPU time reaches the limit.
        var cpuSignal: Double?
        if let cpuSeconds = limits.cpuSeconds {
            let soft = Int(cpuStart.rounded(.up)) + cpuSeconds
            ProcessStatistics.setCPULimit(pid, soft: soft)
            cpuKill = Double(soft + 1)
            cpuSignal = cpuStart + Double(cpuSeconds)
        }
        var nextCPUCheck = monotonicNow() + 0.1
        callPeak = ProcessStatistics.peakResidentBytes(pid) ?? 0
        var request = ServeFrame.request(words, payload: input)
        var written = 0
        var reader = ResponseFrameReader(payloadCap: limits.stdoutCap, diagnosticCap: limits.stderrCap)
        var stderr = stderrCarry
        stderrCarry = []
        let deadline = monotonicNow() + limits.timeout
        while reader.response == nil {
            if monotonicNow() >= deadline {
                end(kill: true)
                var result = CallResult(termination: .timedOut, stdout: [], stderr: capped(stderr, limits))
                result.timeoutSeconds = limits.timeout
                return result
            }
            if monotonicNow() >= nextCPUCheck {
                nextCPUCheck = monotonicNow() + 0.1
                if let used = ProcessStatistics.cpuSeconds(pid) {
                    if let signalAt = cpuSignal, used >= signalAt {
                        kill(pid, SIGXCPU)
                        cpuSignal = nil
                    }
                    if let cpuKill, used >= cpuKill { kill(pid, SIGKILL) }
                }
                // Sampled so that a call that is killed still has a peak; a server that dies gives the exact one.
                callPeak = max(callPeak, ProcessStatistics.peakResidentBytes(pid) ?? 0)
            }
            var descriptors = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
            descriptors.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0))
            if written < request.count { descriptors.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 20)
            if written < request.count {
                let count = request.withUnsafeBytes { buffer in
                    write(stdinFD, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                }
                if count > 0 { written += count }
                if count < 0 && errno != EAGAIN && errno != EINTR { request = Array(request.prefix(written)) }
            }
            _ = drain(stderrFD, into: &stderr, cap: limits.stderrCap)
            var chunk: [UInt8] = []
            let stdoutEnded = drain(stdoutFD, into: &chunk, cap: Int.max)
            if !chunk.isEmpty {
                do {
                    let used = try reader.feed(chunk[...])
                    if reader.response != nil && used < chunk.count {
                        return protocolFailure("bytes after the response frame", stderr: stderr, limits: limits)
                    }
                } catch {
                    return protocolFailure("\(error)", stderr: stderr, limits: limits)
                }
            }
            if reader.response == nil && stdoutEnded {
                return died(stderr: stderr, limits: limits, framePartial: !reader.isEmpty)
            }
        }
        guard let response = reader.response else { return died(stderr: stderr, limits: limits, framePartial: true) }
        _ = drain(stderrFD, into: &stderr, cap: limits.stderrCap)
        stderr = capped(stderr + response.diagnostic, limits)
        var result = CallResult(
            termination: .exited(response.status == .accepted ? 0 : 1), stdout: response.payload, stderr: stderr,
            stdoutTruncated: response.payloadTruncated)
        if response.status == .rejected {
            result.outOfMemory = OutOfMemoryEvidence.find(
                stderr: stderr, peakResidentBytes: ProcessStatistics.peakResidentBytes(pid),
                addressSpaceCap: limits.addressSpace)
        }
        if let cap = limits.addressSpace,
            (ProcessStatistics.residentBytes(pid) ?? 0) > cap / 2
                || (ProcessStatistics.peakResidentBytes(pid) ?? 0) > cap / 2
        {
            // A peak above half the cap ends the server too: the kernel keeps a dead process's peak across the
            // per-call reset once one of its threads has exited, so a later call that crashes in this server
            // could otherwise carry this call's peak as out-of-memory evidence.
            stop()
        } else if limits.addressSpace != nil, let mapped = ProcessStatistics.addressSpaceBytes(pid) {
            // What a call left mapped (a grown heap, arenas) counts against the next call's address-space cap:
            // a fresh server gives the next call the headroom a process of its own has. The measure starts after
            // the first call, once the runtime is up (a JVM maps 2 GiB while it starts, after the spawn returns).
            if let start = startAddressSpace {
                if mapped > start + Self.addressSpaceSlack { stop() }
            } else {
                startAddressSpace = mapped
            }
        }
        return result
    }

    /// Ends the server: end of input first (it exits 0), then its group killed after a short grace.
    func stop() {
        guard alive else { return }
        close(stdinFD)
        stdinFD = -1
        for _ in 0..<50 {
            if reap(blocking: false) != nil { break }
            usleep(2000)
        }
        end(kill: true)
    }

    /// The server died or closed its output during a call: its exit status or signal is the call's.
    private func died(stderr: [UInt8], limits: ProcessLimits, framePartial: Bool) -> CallResult {
        var stderr = stderr
        var status: (Int32, Int)?
        let deadline = monotonicNow() + limits.timeout
        while status == nil {
            _ = drain(stderrFD, into: &stderr, cap: limits.stderrCap)
            status = reap(blocking: false)
            if status == nil {
                if monotonicNow() >= deadline {
                    end(kill: true)
                    var result = CallResult(termination: .timedOut, stdout: [], stderr: capped(stderr, limits))
                    result.timeoutSeconds = limits.timeout
                    return result
                }
                usleep(2000)
            }
        }
        _ = drain(stderrFD, into: &stderr, cap: limits.stderrCap)
        end(kill: true)
        guard let (raw, deathPeak) = status else { return protocolFailure("lost", stderr: stderr, limits: limits) }
        // The kernel's peak at death is exact where the samples can miss the last 0.1 s; since the per-call reset
        // (`clear_refs` 5 resets the high-water mark `wait4` reports too) it is the call's own, not the server's life,
        // unless it is no more than the runner's peak that the server inherited at exec (then it is 0 here).
        let peak = max(callPeak, deathPeak)
        let termination: Termination =
            (raw & 0x7f) == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
        stderr = capped(stderr, limits)
        if termination == .exited(0) || termination == .exited(1) {
            let how = termination == .exited(0) ? "exit 0" : "exit 1"
            return CallResult(
                termination: .protocolError(
                    "the server ended with \(how) during the call, without answering"
                        + (framePartial ? " (after part of a frame)" : "")),
                stdout: [], stderr: stderr)
        }
        return CallResult(
            termination: termination, stdout: [], stderr: stderr,
            outOfMemory: OutOfMemoryEvidence.find(
                stderr: stderr, peakResidentBytes: peak, addressSpaceCap: limits.addressSpace))
    }

    private func protocolFailure(_ message: String, stderr: [UInt8], limits: ProcessLimits) -> CallResult {
        end(kill: true)
        return CallResult(termination: .protocolError(message), stdout: [], stderr: capped(stderr, limits))
    }

    private func capped(_ bytes: [UInt8], _ limits: ProcessLimits) -> [UInt8] { Array(bytes.prefix(limits.stderrCap)) }

    /// Kills the group (when asked), reaps the server, closes the pipes, removes the scratch directory.
    private func end(kill shouldKill: Bool) {
        guard alive else { return }
        if shouldKill {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        _ = reap(blocking: true)
        alive = false
        ChildContainment.unregister(group: pid)
        for descriptor in [stdinFD, stdoutFD, stderrFD] where descriptor >= 0 { close(descriptor) }
        stdinFD = -1
        stdoutFD = -1
        stderrFD = -1
        scratch.map(ScratchDirectory.remove)
        ChildContainment.sweepEscapees()
    }

    private var reapedStatus: (Int32, Int)?

    /// The wait status and peak resident bytes once the server has exited.
    private func reap(blocking: Bool) -> (Int32, Int)? {
        if let reapedStatus { return reapedStatus }
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
            if result == pid {
                let peak = ProcessStatistics.childPeak(reported: usage.ru_maxrss * 1024, inheritedBound: inheritedPeak)
                reapedStatus = (status, peak ?? 0)
                return reapedStatus
            }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Files a call left in the server's working directory are removed before the next call.
    private func emptyScratch() {
        guard let scratch, let entries = try? FileManager.default.contentsOfDirectory(atPath: scratch) else { return }
        for entry in entries { try? FileManager.default.removeItem(atPath: scratch + "/" + entry) }
    }

    /// Reads until the pipe would block; true at end of file or error.
    private func drain(_ descriptor: Int32, into output: inout [UInt8], cap: Int) -> Bool {
        guard descriptor >= 0 else { return true }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                let room = max(0, cap - output.count)
                output.append(contentsOf: chunk[0..<min(count, room)])
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return false }
            return true
        }
    }
}

/// Why a server could not be started.
struct ServeStartError: Error {
    var message: String
}
