// Sources/ChildProcess/TerminationCleanup.swift - The one handler of SIGINT, SIGTERM and SIGHUP: undo, then end

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Cleanup on SIGINT, SIGTERM and SIGHUP, for every command that makes things outside itself: adapter process
/// groups and scratch directories (`ChildContainment`), mounts, loop devices, images and probe folders (the
/// filesystem harness).
///
/// `install` starts one thread that waits for the signals with `sigwait`. On one, it takes the step lock and
/// never gives it back, so a step in flight (a closure passed to `step`: a mount, attaching a loop device,
/// creating a probe file and recording it) ends, and has recorded what it made, before anything is undone, and
/// no further step starts. It then runs the registered cleanups, newest first, and ends the process as
/// `install` was told: by the same signal, or with exit status 128 + the signal number.
///
/// The signals must be blocked in every other thread, or one of them takes a signal with its default action and
/// the process dies without cleanup. A thread inherits its creator's mask, so the entry points call
/// `blockSignals()` first thing, before any thread exists; children get an empty mask and default dispositions
/// back when they are spawned (`ProcessRunner`).
public enum TerminationCleanup {
    /// Undoes what one owner made; runs on the signal thread while the step lock is held.
    public typealias Cleanup = @Sendable () -> Void

    /// How the process ends once the cleanups have run.
    public enum Ending: Sendable {
        /// Killed by the signal it received (what a caller of `xds conformance` sees for an interrupted run).
        case bySignal
        /// `exit(128 + signal)`, after a line on standard error naming the program (the filesystem commands).
        case byExitStatus(program: String)
    }

    /// The signals that end a process with cleanup.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The calling thread's signal mask, as it was before `blockSignals()`.
    public struct SignalMask: @unchecked Sendable {
        fileprivate var set: sigset_t

        /// Puts the mask back on the calling thread (signals that were pending while blocked are delivered).
        public func restore() {
            var previous = set
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
    }

    /// The signals as a set.
    static var signalSet: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        return mask
    }

    /// Blocks the signals in the calling thread and so in every thread it starts from now on. Entry points that
    /// may call `install` call this before anything else: a signal then stays pending until the signal thread
    /// takes it, or until the returned mask is restored (for commands that do not handle signals, which must
    /// stay killable).
    /// - Returns: the mask before.
    public static func blockSignals() -> SignalMask {
        var mask = signalSet
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &mask, &previous)
        return SignalMask(set: previous)
    }

    /// Starts the signal thread (once per process; a later call changes nothing). Call from the main thread,
    /// best after `blockSignals()` at the entry point.
    public static func install(ending: Ending) {
        step {
            guard !registry.installed else { return }
            registry.installed = true
            _ = blockSignals()
            let waited = signalSet
            let waiter = Thread {
                var signals = waited
                var caught: Int32 = 0
                while sigwait(&signals, &caught) != 0 {}
                terminate(by: caught, ending: ending)
            }
            waiter.name = "xds-termination-cleanup"
            waiter.start()
        }
    }

    /// Runs `body` as one step: a signal arriving meanwhile is handled after it returns. Once cleanup has
    /// started, a new step never begins (the process is about to end).
    public static func step<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        return try body()
    }

    /// Begins a step that cannot be written as a closure (an initializer that makes something and then
    /// registers its cleanup); every `hold` is followed by exactly one `release`.
    public static func hold() { registry.lock.lock() }

    /// Ends a step begun with `hold`.
    public static func release() { registry.lock.unlock() }

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

    /// The signal thread's end: every cleanup, newest first, then the ending.
    private static func terminate(by signal: Int32, ending: Ending) -> Never {
        registry.lock.lock()  // never released: the process ends below
        if case .byExitStatus(let program) = ending { writeError("\(program): signal \(signal): cleaning up\n") }
        for (_, cleanup) in registry.cleanups.reversed() { cleanup() }
        if case .byExitStatus(let program) = ending {
            writeError("\(program): cleaned up; exiting with status \(128 + signal)\n")
            exit(128 + signal)
        }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        Glibc.signal(signal, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        raise(signal)
        exit(128 + signal)
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Everything shared between steps and the signal thread, guarded by its recursive lock.
    private final class Registry: @unchecked Sendable {
        let lock = NSRecursiveLock()
        var installed = false
        var nextToken = 0
        var cleanups: [(token: Int, cleanup: Cleanup)] = []
    }

    private static let registry = Registry()
}
