// Sources/ChildProcess/ProcessRunner.swift - Spawns one call: stdin, timeout, address-space limit, capped output

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The bounds every spawned call runs under.
public struct ProcessLimits: Hashable, Sendable {
    /// Seconds before the runner kills the call's process group.
    public var timeout: Double
    /// RLIMIT_CPU for the call, in seconds (SIGXCPU, then SIGKILL): catches a hang in CPU time, which a busy
    /// machine does not stretch as it stretches wall time; nil for none.
    public var cpuSeconds: Int?
    /// RLIMIT_AS for the call, in bytes, applied through util-linux `prlimit`; nil for none.
    public var addressSpace: Int?
    /// The soft RLIMIT_STACK for the call, in bytes (the main thread's stack), whatever the runner's own; nil to
    /// inherit it. Never above the runner's hard limit, which a child cannot raise.
    public var stack: Int?
    /// Bytes of standard output kept; the rest is read and discarded.
    public var stdoutCap: Int
    /// Bytes of standard error kept.
    public var stderrCap: Int

    public init(
        timeout: Double = 10, cpuSeconds: Int? = 2, addressSpace: Int? = 4 << 30, stack: Int? = nil,
        stdoutCap: Int = 8 << 20, stderrCap: Int = 64 << 10
    ) {
        self.timeout = timeout
        self.cpuSeconds = cpuSeconds
        self.addressSpace = addressSpace
        self.stack = stack
        self.stdoutCap = stdoutCap
        self.stderrCap = stderrCap
    }

    /// For a host tool (mkfs, mount, cp, `swift --version`): a timeout, no rlimits, generous output.
    public static func tool(timeout: Double) -> ProcessLimits {
        ProcessLimits(timeout: timeout, cpuSeconds: nil, addressSpace: nil, stderrCap: 1 << 20)
    }
}

/// Runs a command as a child in its own process group, feeding stdin and draining stdout and stderr
/// concurrently with `poll`, so that a child that never reads, or writes without end, cannot block the runner.
public enum ProcessRunner {
    /// Where util-linux `prlimit` lives, if it does.
    public static let prlimitPath: String? = ["/usr/bin/prlimit", "/bin/prlimit"].first { access($0, X_OK) == 0 }

    /// Runs `arguments` (looked up in PATH) with `input` on stdin, under `limits`.
    /// - Parameter environment: variables set (or replaced) for the child on top of this process's environment.
    /// - Parameter scratchDirectory: runs the child in a directory of its own, removed after it (and by the
    ///   signal path): adapter calls, whose files must not land in the runner's working directory.
    public static func run(
        _ arguments: [String], input: [UInt8], limits: ProcessLimits, environment: [String: String] = [:],
        scratchDirectory: Bool = false
    ) -> CallResult {
        guard !arguments.isEmpty else {
            return CallResult(termination: .failedToStart("empty command"), stdout: [], stderr: [])
        }
        let scratch = scratchDirectory ? ScratchDirectory.make() : nil
        defer { scratch.map(ScratchDirectory.remove) }
        let argv = limits.applied(to: arguments, cpu: true)
        // Pipes are made close-on-exec under a lock, so that no concurrently spawned child inherits them
        // (Glibc's pipe2 is not visible to Swift without _GNU_SOURCE).
        spawnLock.lock()
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
            closeAll(stdinPipe + stdoutPipe + stderrPipe)
            spawnLock.unlock()
            return startFailure("pipe: " + String(cString: strerror(errno)))
        }
        for descriptor in stdinPipe + stdoutPipe + stderrPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let pid = spawn(
            argv, environment: environment, stdin: stdinPipe[0], stdout: stdoutPipe[1], stderr: stderrPipe[1],
            directory: scratch)
        if case .success(let child) = pid { ChildContainment.register(group: child) }
        let inheritedPeak = ProcessStatistics.ownPeakResidentBytes()
        closeAll([stdinPipe[0], stdoutPipe[1], stderrPipe[1]])
        spawnLock.unlock()
        guard case .success(let child) = pid else {
            closeAll([stdinPipe[1], stdoutPipe[0], stderrPipe[0]])
            if case .failure(let error) = pid { return startFailure(String(cString: strerror(error.code))) }
            return startFailure("spawn")
        }
        var session = ChildSession(
            pid: child, stdinFD: input.isEmpty ? -1 : stdinPipe[1], stdoutFD: stdoutPipe[0], stderrFD: stderrPipe[0],
            input: input, limits: limits, inheritedPeak: inheritedPeak)
        if input.isEmpty { close(stdinPipe[1]) }
        let result = session.run()
        ChildContainment.unregister(group: child)
        ChildContainment.sweepEscapees()
        return result
    }

    /// Held while a child is spawned and registered (so a sweep never takes it for an escapee).
    static let spawnLock = NSLock()

    private static func startFailure(_ message: String) -> CallResult {
        CallResult(termination: .failedToStart(message), stdout: [], stderr: [])
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }

    /// posix_spawnp with the pipes on 0/1/2 and every other descriptor closed, a new process group, an empty
    /// signal mask, SIGPIPE, SIGINT, SIGTERM and SIGHUP back to default.
    static func spawn(
        _ argv: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32,
        directory: String?
    ) -> Result<pid_t, SpawnErrno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory, let addChdir = ScratchDirectory.addChdir {
            _ = directory.withCString { addChdir(&actions, $0) }
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Nothing but 0/1/2: descriptors this process inherited without close-on-exec (a test runner's status
        // socket, a shell's extra redirections) must not reach an untrusted adapter, which could hold them open
        // or write to them.
        if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        // Default dispositions and an empty mask: the runner ignores SIGPIPE and blocks the terminating signals
        // (`ChildContainment`), and may itself have been started with them ignored; a child must not inherit
        // that, or it could not be interrupted or killed by SIGTERM.
        var defaults = TerminationCleanup.signalSet
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArguments.append(nil)
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        if environment.isEmpty {
            return status(posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, environ), pid)
        }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0.key + "=" + $0.value) }
        cEnvironment.append(nil)
        defer { for pointer in cEnvironment { free(pointer) } }
        return status(posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment), pid)
    }

    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not see without `_GNU_SOURCE`.
    static let addCloseFrom: AddCloseFrom? = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func status(_ status: Int32, _ pid: pid_t) -> Result<pid_t, SpawnErrno> {
        return status == 0 ? .success(pid) : .failure(SpawnErrno(code: status))
    }
}

/// An errno from posix_spawnp.
struct SpawnErrno: Error {
    var code: Int32
}

/// The parent's side of one running child.
private struct ChildSession {
    var pid: pid_t
    var stdinFD: Int32
    var stdoutFD: Int32
    var stderrFD: Int32
    var input: [UInt8]
    var limits: ProcessLimits
    var written = 0
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var stdoutTruncated = false
    /// The runner's own peak resident size just after the spawn: a bound the child's reported peak inherits.
    var inheritedPeak: Int
    /// The child's peak resident set size in bytes, from `wait4`, when it says anything about the child.
    var peakResidentBytes: Int?

    mutating func run() -> CallResult {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [stdinFD, stdoutFD, stderrFD] where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        let deadline = monotonicNow() + limits.timeout
        var exitStatus: Int32?
        while exitStatus == nil {
            if monotonicNow() >= deadline {
                var result = finish(.timedOut)
                result.timeoutSeconds = limits.timeout
                return result
            }
            pump(waitMilliseconds: 20)
            exitStatus = reap(blocking: false)
            if exitStatus == nil && stdoutFD < 0 && stderrFD < 0 {
                // Output closed but the child lives on: wait for it, still under the deadline.
                usleep(2000)
            }
        }
        // Kill stragglers left in the group (background children holding the pipes), then drain what is buffered.
        kill(-pid, SIGKILL)
        pump(waitMilliseconds: 0)
        closeEverything()
        let status = exitStatus ?? 0
        let termination: Termination =
            (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        let evidence =
            termination == .exited(0)
            ? nil
            : OutOfMemoryEvidence.find(
                stderr: stderr, peakResidentBytes: peakResidentBytes, addressSpaceCap: limits.addressSpace)
        return CallResult(
            termination: termination, stdout: stdout, stderr: stderr, stdoutTruncated: stdoutTruncated,
            outOfMemory: evidence)
    }

    private mutating func finish(_ termination: Termination) -> CallResult {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
        pump(waitMilliseconds: 0)
        closeEverything()
        return CallResult(termination: termination, stdout: stdout, stderr: stderr, stdoutTruncated: stdoutTruncated)
    }

    private mutating func reap(blocking: Bool) -> Int32? {
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
            if result == pid {
                peakResidentBytes = ProcessStatistics.childPeak(
                    reported: usage.ru_maxrss * 1024, inheritedBound: inheritedPeak)  // kilobytes on Linux
                return status
            }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// One round of poll: writes what stdin accepts, reads what stdout and stderr offer.
    private mutating func pump(waitMilliseconds: Int32) {
        var descriptors: [pollfd] = []
        if stdinFD >= 0 { descriptors.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
        if stdoutFD >= 0 { descriptors.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
        if stderrFD >= 0 { descriptors.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
        if descriptors.isEmpty { return }
        let ready = poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds)
        if ready < 0 { return }
        for entry in descriptors where entry.revents != 0 || waitMilliseconds == 0 {
            if entry.fd == stdinFD {
                feedStdin()
            } else if entry.fd == stdoutFD {
                if drain(stdoutFD, into: &stdout, cap: limits.stdoutCap, truncated: &stdoutTruncated) {
                    close(stdoutFD)
                    stdoutFD = -1
                }
            } else if entry.fd == stderrFD {
                var ignored = false
                if drain(stderrFD, into: &stderr, cap: limits.stderrCap, truncated: &ignored) {
                    close(stderrFD)
                    stderrFD = -1
                }
            }
        }
    }

    private mutating func feedStdin() {
        while written < input.count {
            let count = input.withUnsafeBytes { buffer in
                write(stdinFD, buffer.baseAddress.map { $0 + written }, min(buffer.count - written, 1 << 16))
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return }
            break  // EPIPE or another error: the child does not want the rest.
        }
        close(stdinFD)
        stdinFD = -1
    }

    /// Reads until the pipe would block; returns true at end of file or error.
    private func drain(_ descriptor: Int32, into output: inout [UInt8], cap: Int, truncated: inout Bool) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                let room = max(0, cap - output.count)
                if count > room { truncated = true }
                output.append(contentsOf: chunk[0..<min(count, room)])
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return false }
            return true
        }
    }

    private mutating func closeEverything() {
        for descriptor in [stdinFD, stdoutFD, stderrFD] where descriptor >= 0 { close(descriptor) }
        stdinFD = -1
        stdoutFD = -1
        stderrFD = -1
    }
}

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
