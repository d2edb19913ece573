// Sources/ChildProcess/ChildContainment.swift - Every adapter process ends with the run: groups, escapees, signals

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the runner must undo on any exit: the process group of every call in flight, the scratch directory of
/// every call, and processes that left their group (`setsid()`) and were re-parented to the runner.
///
/// `contain()` (called once by `xds conformance`, `xds differential` and `xds-bench`) makes the runner a child
/// subreaper (`PR_SET_CHILD_SUBREAPER`), so an adapter's descendant whose parent exits becomes the runner's child
/// instead of init's; after every call `sweepEscapees()` kills and reaps every child of the runner that is not a
/// call in flight. It also registers with `TerminationCleanup` (and installs it, ending by the signal): on
/// SIGINT, SIGTERM or SIGHUP every further spawn and directory change stops, every group in flight and every
/// escapee is killed, and the registered directories are removed, before the process ends by that signal.
public enum ChildContainment {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: Set<pid_t> = []
    nonisolated(unsafe) private static var directories: Set<String> = []
    nonisolated(unsafe) private static var containing = false
    nonisolated(unsafe) private static var cleanupRegistered = false

    /// Makes this process a child subreaper and registers the cleanup of every call with `TerminationCleanup`,
    /// installing it to end by the signal. Call from the main thread, before any other thread starts (a thread
    /// inherits its creator's mask), and best after `TerminationCleanup.blockSignals()` at the entry point.
    /// - Returns: whether the kernel accepted the subreaper role.
    @discardableResult
    public static func contain() -> Bool {
        TerminationCleanup.install(ending: .bySignal)
        lock.lock()
        let registered = cleanupRegistered
        cleanupRegistered = true
        lock.unlock()
        if !registered { _ = TerminationCleanup.register { killAndRemoveEverything() } }
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

    /// The cleanup on a signal: every group and escapee killed, every directory removed.
    ///
    /// The other threads go on running meanwhile, so both locks are taken and never released: a worker that
    /// would spawn another call, make or remove a directory, or unregister a group waits here until the
    /// process ends, and nothing is started after the groups and directories are read.
    private static func killAndRemoveEverything() {
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
    }

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    /// `prctl(2)`, which Glibc's Swift overlay does not import (it is variadic in C).
    private static let prctlFunction: Prctl? = dlsym(dlopen(nil, RTLD_NOW), "prctl").map {
        unsafeBitCast($0, to: Prctl.self)
    }
}
