// Sources/ChildProcess/BackgroundChild.swift - A child that runs beside the runner until stopped (a local server)

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a background child did not start.
public struct BackgroundChildError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

/// A child that runs beside this process until `stop()`, such as the icon fixture server of a run.
///
/// It is spawned as every adapter call is (`ProcessRunner`): its own process group, descriptors 0–2 only,
/// default signal dispositions and an empty signal mask, whatever this process blocks or ignores. Its group
/// is registered with `ChildContainment` for its whole life, so the sweep after each adapter call
/// (`sweepEscapees()`), which kills every other child of the runner, leaves it running, and a terminating
/// signal still takes it down with the calls in flight. Standard input is a pipe whose end of file asks it to
/// stop, standard output a pipe read with `readLine(timeout:)`, standard error `/dev/null`.
public final class BackgroundChild: @unchecked Sendable {
    /// The child's pid (and process group).
    public let pid: pid_t
    private let lock = NSLock()
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var pending: [UInt8] = []
    private var reaped = false

    /// Starts `arguments` (looked up in PATH).
    /// - Parameter environment: variables set (or replaced) on top of this process's environment.
    public init(_ arguments: [String], environment: [String: String] = [:]) throws(BackgroundChildError) {
        guard !arguments.isEmpty else { throw BackgroundChildError(description: "empty command") }
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard devNull >= 0 else {
            throw BackgroundChildError(description: "/dev/null: " + String(cString: strerror(errno)))
        }
        defer { close(devNull) }
        // As ProcessRunner does: pipes close-on-exec under the spawn lock, so no other child inherits them.
        ProcessRunner.spawnLock.lock()
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0 else {
            let message = String(cString: strerror(errno))
            for descriptor in stdinPipe + stdoutPipe where descriptor >= 0 { close(descriptor) }
            ProcessRunner.spawnLock.unlock()
            throw BackgroundChildError(description: "pipe: " + message)
        }
        for descriptor in stdinPipe + stdoutPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let spawned = ProcessRunner.spawn(
            arguments, environment: environment, stdin: stdinPipe[0], stdout: stdoutPipe[1], stderr: devNull,
            directory: nil)
        if case .success(let child) = spawned { ChildContainment.register(group: child) }
        close(stdinPipe[0])
        close(stdoutPipe[1])
        ProcessRunner.spawnLock.unlock()
        switch spawned {
        case .success(let child):
            pid = child
            stdinFD = stdinPipe[1]
            stdoutFD = stdoutPipe[0]
        case .failure(let error):
            close(stdinPipe[1])
            close(stdoutPipe[0])
            throw BackgroundChildError(
                description: "cannot start \(arguments[0]): " + String(cString: strerror(error.code)))
        }
        // Writing to a child that has gone must not end this process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The next line of the child's standard output, without its newline; nil at end of file or when no
    /// whole line came within `timeout` seconds.
    public func readLine(timeout: Double) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        let deadline = monotonicNow() + timeout
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline - monotonicNow()
            guard stdoutFD >= 0, left > 0 else { return nil }
            var descriptor = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { return nil }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !reap(blocking: false)
    }

    /// Closes the child's standard input, waits up to `grace` seconds for it to exit, then sends its group
    /// SIGTERM and, two seconds later, SIGKILL; reaps it. Idempotent.
    public func stop(grace: Double = 2) {
        lock.lock()
        defer { lock.unlock() }
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
        if !waitForExit(seconds: grace) {
            kill(-pid, SIGTERM)
            if !waitForExit(seconds: 2) {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = reap(blocking: true)
            }
        }
        // Whatever it started in its group goes with it.
        kill(-pid, SIGKILL)
        if stdoutFD >= 0 {
            close(stdoutFD)
            stdoutFD = -1
        }
    }

    deinit { stop() }

    /// Polls for the child's exit for up to `seconds`; true once it is reaped.
    private func waitForExit(seconds: Double) -> Bool {
        let deadline = monotonicNow() + seconds
        while !reap(blocking: false) {
            if monotonicNow() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// Reaps the child if it has exited (or waits for it); true once it is reaped. Call under `lock`.
    private func reap(blocking: Bool) -> Bool {
        if reaped { return true }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result < 0 && errno == EINTR { continue }
            // Reaped now, or not this process's child any more (reaped elsewhere): either way it has gone.
            if result == pid || result < 0 {
                reaped = true
                ChildContainment.unregister(group: pid)
                return true
            }
            return false
        }
    }
}
