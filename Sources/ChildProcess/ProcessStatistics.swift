// Sources/ChildProcess/ProcessStatistics.swift - A live child's CPU time, resident size and CPU limit, from /proc

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the runner reads and sets on a live server between calls (`ServingChild`), where `wait4`'s rusage
/// is not yet there.
enum ProcessStatistics {
    /// User plus system CPU seconds of `pid` (all its threads), from `/proc/PID/stat`.
    static func cpuSeconds(_ pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3 of stat(5); utime and stime are fields 14 and 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The peak resident set size since the last reset (`VmHWM`), in bytes.
    static func peakResidentBytes(_ pid: pid_t) -> Int? { statusField(pid, "VmHWM:") }

    /// This process's own peak resident set size (`getrusage`'s `ru_maxrss`), in bytes.
    static func ownPeakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }

    /// What a child's peak from `wait4` says about the child itself: nothing unless it is above
    /// `inheritedBound`, the runner's own peak just after the spawn. A `posix_spawn` child shares the runner's
    /// memory until it calls exec, and Linux keeps the peak of the memory a process leaves at exec in the peak
    /// `wait4` reports, so a child's reported peak is never below the runner's peak of that moment (a runner
    /// that once held 4 GiB would otherwise see 4 GiB in every call it makes).
    static func childPeak(reported: Int, inheritedBound: Int) -> Int? {
        reported > inheritedBound ? reported : nil
    }

    /// The address space mapped now (`VmSize`), in bytes: what `RLIMIT_AS` counts.
    static func addressSpaceBytes(_ pid: pid_t) -> Int? { statusField(pid, "VmSize:") }

    /// The resident set size now (`VmRSS`), in bytes.
    static func residentBytes(_ pid: pid_t) -> Int? { statusField(pid, "VmRSS:") }

    /// Resets the peak resident set size to the current one (`clear_refs` 5, Linux 4.0+).
    static func resetPeakResident(_ pid: pid_t) {
        let descriptor = open("/proc/\(pid)/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }

    /// Sets the soft `RLIMIT_CPU` of `pid` (seconds), the hard limit unchanged.
    static func setCPULimit(_ pid: pid_t, soft: Int) {
        guard let prlimit = prlimitFunction else { return }
        var old = rlimit()
        guard prlimit(pid, 0 /* RLIMIT_CPU */, nil, &old) == 0 else { return }
        var limit = rlimit(rlim_cur: min(rlim_t(soft), old.rlim_max), rlim_max: old.rlim_max)
        _ = prlimit(pid, 0, &limit, nil)
    }

    private static func statusField(_ pid: pid_t, _ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            // `VmHWM:\t  522332 kB`: a tab, then spaces, before the number.
            let number = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                .flatMap { Int($0) }
            return number.map { $0 * 1024 }  // kB
        }
        return nil
    }

    private typealias Prlimit =
        @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?)
        -> Int32
    /// glibc's `prlimit` (a GNU extension Swift does not see without `_GNU_SOURCE`).
    private static let prlimitFunction: Prlimit? = dlsym(dlopen(nil, RTLD_NOW), "prlimit").map {
        unsafeBitCast($0, to: Prlimit.self)
    }
}
