// Sources/ChildProcess/ChildContainment.swift - Every adapter process ends with the run: groups, escapees, signals

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the runner must undo on any exit: the process group of every call in flight, the scratch directory of
/// every call, and processes that left their group (`setsid()`) and were re-parented to the runner.
///
/// `contain()` (called once by `xds conformance` and `xds-bench`) makes the runner a child subreaper
/// (`PR_SET_CHILD_SUBREAPER`), so an adapter's descendant whose parent exits becomes the runner's child
/// instead of init's; after every call `sweepEscapees()` kills and reaps every child of the runner that is
/// not a call in flight. It also starts a thread that waits for SIGINT, SIGTERM and SIGHUP: on one, it stops
/// every further spawn and directory change, kills every group in flight and every escapee, removes the
/// registered directories, and ends the process by the same signal.
///
/// The signals must be blocked in every other thread, or one of them takes the signal with its default
/// action and the run dies without cleanup. A thread inherits its creator's mask, so the entry points call
/// `blockTerminatingSignals()` first thing, before any thread exists; children get an empty mask and default
/// dispositions back when they are spawned (`ProcessRunner`).
public enum ChildContainment {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: Set<pid_t> = []
    nonisolated(unsafe) private static var directories: Set<String> = []
    nonisolated(unsafe) private static var containing = false

    /// The signals that end a run with cleanup.
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The calling thread's signal mask, as it was before `blockTerminatingSignals()`.
    public struct SignalMask: @unchecked Sendable {
        fileprivate var set: sigset_t

        /// Puts the mask back on the calling thread (signals that were pending while blocked are delivered).
        public func restore() {
            var previous = set
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
    }

    /// The terminating signals as a set.
    static var terminatingSet: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in terminatingSignals { sigaddset(&mask, signal) }
        return mask
    }

    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread and so in every thread it starts from now on.
    /// Entry points that may call `contain()` call this before anything else: a signal then stays pending
    /// until `contain()`'s thread takes it, or until the returned mask is restored (for commands that do
    /// not handle signals, which must stay killable).
    /// - Returns: the mask before.
    public static func blockTerminatingSignals() -> SignalMask {
        var mask = terminatingSet
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &mask, &previous)
        return SignalMask(set: previous)
    }

    /// Makes this process a child subreaper and handles the terminating signals on a thread of their own.
    /// Call from the main thread, before any other thread starts (a thread inherits its creator's mask), and
    /// best after `blockTerminatingSignals()` at the entry point.
    /// - Returns: whether the kernel accepted the subreaper role.
    @discardableResult
    public static func contain() -> Bool {
        _ = blockTerminatingSignals()
        let waited = terminatingSet
        let waiter = Thread {
            var signals = waited
            var caught: Int32 = 0
            while sigwait(&signals, &caught) != 0 {}
            terminate(by: caught)
        }
        waiter.start()
        let subreaper = prctlFunction.map { $0(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0) == 0 } ?? false
        lock.lock()
        containing = subreaper
        lock.unlock()
        return subreaper
    }

    /// Records a call's process group (its leader's pid); call under the spawn lock, right after spawning.
    static func register(group: pid_t) {
        lock.lock()
        groups.insert(group)
        lock.unlock()
    }

    /// The call has been reaped and its group killed.
    static func unregister(group: pid_t) {
        lock.lock()
        groups.remove(group)
        lock.unlock()
    }

    /// A directory removed (recursively) if the run is ended by a signal.
    public static func register(directory: String) {
        lock.lock()
        directories.insert(directory)
        lock.unlock()
    }

    public static func unregister(directory: String) {
        lock.lock()
        directories.remove(directory)
        lock.unlock()
    }

    /// Makes a directory with `make` and registers it, as one step the signal path cannot split (a
    /// directory made but not yet registered would be left behind).
    public static func makeRegisteredDirectory(_ make: () -> String?) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let path = make()
        if let path { directories.insert(path) }
        return path
    }

    /// Removes a registered directory with everything in it and unregisters it, as one step: the signal path
    /// never races a removal half done.
    public static func removeRegistered(directory: String) {
        lock.lock()
        defer { lock.unlock() }
        removeTree(directory)
        directories.remove(directory)
    }

    /// Removes `path` recursively; tries again while it exists, since a thread still running may be adding
    /// entries while it goes.
    private static func removeTree(_ path: String) {
        for _ in 0..<20 {
            try? FileManager.default.removeItem(atPath: path)
            if access(path, F_OK) != 0 { return }
        }
    }

    /// Kills and reaps every child of this process that is not a call in flight: adapter descendants that left
    /// their process group and were re-parented here. Does nothing unless `contain()` made this a subreaper.
    /// Loops while it finds some, since killing one can re-parent its own children here.
    public static func sweepEscapees() {
        lock.lock()
        let active = containing
        lock.unlock()
        guard active else { return }
        for _ in 0..<50 {
            // The spawn lock keeps a child that is being started (not yet registered) out of the sweep.
            ProcessRunner.spawnLock.lock()
            lock.lock()
            let known = groups
            lock.unlock()
            let strays = killStrays(known: known)
            ProcessRunner.spawnLock.unlock()
            if strays.isEmpty { return }
            reap(strays)
        }
    }

    /// Kills every child of this process that does not lead a group in `known`; returns them.
    private static func killStrays(known: Set<pid_t>) -> [pid_t] {
        let strays = children(of: getpid()).filter { !known.contains($0) }
        for stray in strays {
            kill(stray, SIGKILL)
            kill(-stray, SIGKILL)
        }
        return strays
    }

    private static func reap(_ pids: [pid_t]) {
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Whether `pid` exists and is not a zombie.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"), stat.index(close, offsetBy: 2) < stat.endIndex
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// The pids whose parent is `parent`, from /proc (`/proc/<pid>/task/<tid>/children` would miss threads'
    /// children; the status files see them all).
    static func children(of parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var result: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), pid != parent,
                let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)
            else { continue }
            for line in status.split(separator: "\n") where line.hasPrefix("PPid:") {
                if pid_t(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) == parent { result.append(pid) }
                break
            }
        }
        return result
    }

    /// The signal path: every group and escapee killed, every directory removed, then death by `signal`.
    ///
    /// The other threads go on running meanwhile, so both locks are taken and never released: a worker that
    /// would spawn another call, make or remove a directory, or unregister a group waits here until the
    /// process ends, and nothing is started after the groups and directories are read.
    private static func terminate(by signal: Int32) -> Never {
        ProcessRunner.spawnLock.lock()
        lock.lock()
        let inFlight = groups
        let leftovers = directories
        for group in inFlight {
            kill(-group, SIGKILL)
            kill(group, SIGKILL)
        }
        // A dead leader's children are re-parented here as it exits: wait until each leader is a zombie (or
        // reaped by its worker) before looking for them.
        for group in inFlight {
            for _ in 0..<200 where isRunning(group) { usleep(10_000) }
        }
        if containing {
            // Killing a stray can re-parent its own children here: sweep until none is left.
            for _ in 0..<50 {
                let strays = killStrays(known: inFlight)
                if strays.isEmpty { break }
                reap(strays)
            }
        }
        for directory in leftovers { removeTree(directory) }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        Glibc.signal(signal, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        raise(signal)
        exit(128 + signal)
    }

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    /// `prctl(2)`, which Glibc's Swift overlay does not import (it is variadic in C).
    private static let prctlFunction: Prctl? = dlsym(dlopen(nil, RTLD_NOW), "prctl").map {
        unsafeBitCast($0, to: Prctl.self)
    }
}
