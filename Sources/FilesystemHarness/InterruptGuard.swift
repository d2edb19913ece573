// Sources/FilesystemHarness/InterruptGuard.swift - SIGINT/SIGTERM/SIGHUP: finish the step in flight, undo, exit

import Foundation
import Glibc

/// Cleanup on SIGINT, SIGTERM and SIGHUP for commands that make things outside themselves (mounts,
/// loop devices, images, scratch folders).
///
/// Work that creates or removes such a thing runs as a `step`. The C signal handler only writes the
/// signal number into a pipe; a watcher thread reads it and takes the step lock, so a step in flight
/// (mkfs, attaching a loop device, a mount, creating a probe file) ends, and has recorded what it made,
/// before anything is undone, and no further step starts. The watcher then runs the registered cleanups,
/// newest first, and exits with 128 + the signal number.
public enum InterruptGuard {
    /// Undoes what one owner made; runs on the watcher thread while the step lock is held.
    public typealias Cleanup = @Sendable () -> Void

    /// The signals that trigger cleanup.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` as one step: a signal arriving meanwhile is handled after it returns.
    /// Once cleanup has started, a new step never begins (the process is about to exit).
    public static func step<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        return try body()
    }

    /// Begins a step that cannot be written as a closure (an initializer that makes something and then
    /// registers its cleanup); every `hold` is followed by exactly one `release`.
    static func hold() { registry.lock.lock() }

    /// Ends a step begun with `hold`.
    static func release() { registry.lock.unlock() }

    /// Registers a cleanup; returns a token for `unregister`.
    public static func register(_ cleanup: @escaping Cleanup) -> Int {
        step {
            registry.nextToken += 1
            registry.cleanups.append((registry.nextToken, cleanup))
            return registry.nextToken
        }
    }

    /// Removes a cleanup whose owner has undone everything itself.
    public static func unregister(_ token: Int) {
        step { registry.cleanups.removeAll { $0.token == token } }
    }

    /// Installs the handlers (once per process); `program` names the process in the message.
    public static func install(program: String) {
        step {
            guard !registry.installed else { return }
            registry.installed = true
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            signalPipeWriteEnd = ends[1]
            let readEnd = ends[0]
            let watcher = Thread { watch(readEnd, program: program) }
            watcher.name = "xds-interrupt-guard"
            watcher.start()
            // A parent may have started this process with these signals blocked (a test runner does):
            // unblock them, or the handlers would never run.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            for signalNumber in signals { sigaddset(&unblocked, signalNumber) }
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            for signalNumber in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = forwardSignal
                action.sa_flags = SA_RESTART
                sigemptyset(&action.sa_mask)
                sigaction(signalNumber, &action, nil)
            }
        }
    }

    /// The watcher thread: waits for a signal number, then cleans up and exits.
    private static func watch(_ readEnd: Int32, program: String) {
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) != 1 {
            if errno != EINTR { return }
        }
        let signalNumber = Int32(byte)
        registry.lock.lock()  // never released: the process ends below
        writeError("\(program): signal \(signalNumber): cleaning up\n")
        for (_, cleanup) in registry.cleanups.reversed() { cleanup() }
        writeError("\(program): cleaned up; exiting with status \(128 + signalNumber)\n")
        exit(128 + signalNumber)
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Everything shared between steps and the watcher, guarded by its recursive lock.
    private final class Registry: @unchecked Sendable {
        let lock = NSRecursiveLock()
        var installed = false
        var nextToken = 0
        var cleanups: [(token: Int, cleanup: Cleanup)] = []
    }

    private static let registry = Registry()
}

/// The pipe the C handler writes to; set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The C signal handler: async-signal-safe, it only writes the signal number into the pipe.
private let forwardSignal: @convention(c) (Int32) -> Void = { signalNumber in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}
