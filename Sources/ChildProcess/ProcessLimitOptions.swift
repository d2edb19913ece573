// Sources/ChildProcess/ProcessLimitOptions.swift - The rlimits a child starts with, as util-linux `prlimit` options

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessLimits {
    /// `arguments` run under util-linux `prlimit` with the address-space, stack and (when `cpu`) CPU limits,
    /// or `arguments` unchanged when there are none or no `prlimit`. A serving child sets its CPU limit per call
    /// instead (`cpu: false`).
    func applied(to arguments: [String], cpu: Bool) -> [String] {
        let options = prlimitOptions(cpu: cpu, stackHardLimit: Self.stackHardLimit)
        guard let prlimit = ProcessRunner.prlimitPath, !options.isEmpty else { return arguments }
        return [prlimit] + options + ["--"] + arguments
    }

    /// The options for `prlimit`: RLIMIT_AS soft and hard, RLIMIT_CPU soft and a second more hard (SIGXCPU, then
    /// SIGKILL), and RLIMIT_STACK soft only, at most `stackHardLimit` (`prlimit` fails on a soft limit above it).
    func prlimitOptions(cpu: Bool, stackHardLimit: Int?) -> [String] {
        var options: [String] = []
        if let addressSpace { options.append("--as=\(addressSpace)") }
        if cpu, let cpuSeconds { options.append("--cpu=\(cpuSeconds):\(cpuSeconds + 1)") }
        if let stack { options.append("--stack=\(min(stack, stackHardLimit ?? stack)):") }
        return options
    }

    /// This process's hard RLIMIT_STACK in bytes; nil when unlimited (RLIM_INFINITY, all ones) or unknown.
    static let stackHardLimit: Int? = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_max != rlim_t.max else {
            return nil
        }
        return Int(clamping: limit.rlim_max)
    }()
}
