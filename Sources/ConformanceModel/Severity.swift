// Sources/ConformanceModel/Severity.swift - Crash kinds and the severity class of a deviating result (Docs/reports.md)

/// How a `crash` ended, so that reports can tell a memory-safety signal from a hang or a caught exception.
public enum CrashKind: String, Codable, CaseIterable, Hashable, Sendable {
    /// Killed by a signal of its own making (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE…): the memory-safety class.
    case signal
    /// Ran past the wall-clock timeout or the CPU-time limit (SIGXCPU, or SIGKILL): denial of service.
    case timeout
    /// Ran out of memory (the runtime said so, or the peak resident size reached the cap): denial of service.
    case outOfMemory = "out-of-memory"
    /// Any other exit status (or could not start): typically an uncaught exception, which a caller could catch.
    case exit

    /// SIGKILL and SIGXCPU: what the runner's limits send, not a fault of the process's own.
    static let limitSignals: Set<Int32> = [9, 24]

    /// The kind of a crash from how the process ended. Out of memory wins over the signal or status it
    /// ended with (Rust aborts, CPython exits 1 on a failed allocation).
    public static func classify(exitStatus: Int32?, signal: Int32?, timedOut: Bool, outOfMemory: Bool) -> CrashKind {
        if outOfMemory { return .outOfMemory }
        if timedOut { return .timeout }
        if let signal { return limitSignals.contains(signal) ? .timeout : .signal }
        return .exit
    }

    /// For people, with the class it belongs to.
    public var phrase: String {
        switch self {
        case .signal: return "signal (memory-safety class)"
        case .timeout: return "timeout or CPU limit (denial of service)"
        case .outOfMemory: return "out of memory (denial of service)"
        case .exit: return "exit status (uncaught exception, a caller could catch it)"
        }
    }
}

/// The class of a deviating result, worst first: what a scorecard counts.
public enum Severity: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    /// A crash by a signal.
    case memorySafetyCrash = "memory-safety-crash"
    /// A crash by timeout, CPU limit or exhausted memory.
    case denialOfService = "denial-of-service"
    /// An invalid `required` vector of a `memory-safety` or `resource-exhaustion` requirement accepted.
    case unsafeAcceptance = "unsafe-acceptance"
    /// A crash by another exit status: an uncaught exception.
    case exceptionExit = "exception-exit"
    /// A wrong value, a valid vector rejected, or an invalid `interoperability` vector accepted.
    case interoperability
    /// An invalid vector accepted with nothing unsafe following (`strictness`, or below `required`).
    case lenient

    /// For people: column headings and legends.
    public var phrase: String {
        switch self {
        case .memorySafetyCrash: return "memory-safety crash"
        case .denialOfService: return "denial of service"
        case .unsafeAcceptance: return "unsafe acceptance"
        case .exceptionExit: return "exception exit"
        case .interoperability: return "wrong value / interop"
        case .lenient: return "lenient"
        }
    }

    /// A short sentence for legends.
    public var meaning: String {
        switch self {
        case .memorySafetyCrash: return "killed by a signal such as SIGSEGV or SIGABRT"
        case .denialOfService: return "timed out, hit the CPU limit or ran out of memory"
        case .unsafeAcceptance: return "accepted an invalid vector whose rule guards memory safety or bounded resources"
        case .exceptionExit: return "exited with another status (an uncaught exception; a caller could catch it)"
        case .interoperability:
            return "a wrong value, a valid vector rejected, or accepted what the original cannot read"
        case .lenient: return "accepted an invalid vector; nothing unsafe follows"
        }
    }

    private var rank: Int { Severity.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

extension VectorResult {
    /// The crash's kind: the recorded one, or for reports made before it was recorded, the one the exit
    /// status, signal and termination summary (`actual`) show. Nil unless the outcome is `crash`.
    public var effectiveCrashKind: CrashKind? {
        guard outcome == .crash else { return nil }
        if let crashKind { return crashKind }
        return CrashKind.classify(
            exitStatus: exitStatus, signal: signal, timedOut: actual.hasPrefix("timeout"),
            outOfMemory: actual.contains("out of memory ("))
    }

    /// The class of a deviation; nil when the outcome is not one.
    public var severity: Severity? {
        switch outcome {
        case .crash:
            switch effectiveCrashKind {
            case .signal: return .memorySafetyCrash
            case .timeout, .outOfMemory: return .denialOfService
            case .exit, nil: return .exceptionExit
            }
        case .shouldHaveRejected:
            guard level == .required, let hazard else { return .lenient }
            switch hazard {
            case .memorySafety, .resourceExhaustion: return .unsafeAcceptance
            case .interoperability: return .interoperability
            case .strictness: return .lenient
            }
        case .shouldHaveAccepted, .wrongValue: return .interoperability
        case .nonCanonical, .implementationDefinedAccepted, .implementationDefinedRejected, .pass, .notApplicable:
            return nil
        }
    }
}

extension ConformanceReport {
    /// The report with each result that has no `hazard` given the one `hazard(vectorID)` names: a report made
    /// before results carried hazards, re-rendered beside a manifest that has them.
    public func fillingMissingHazards(_ hazard: (String) -> Hazard?) -> ConformanceReport {
        var report = self
        for runIndex in report.runs.indices {
            for index in report.runs[runIndex].results.indices where report.runs[runIndex].results[index].hazard == nil
            {
                let result = report.runs[runIndex].results[index]
                guard result.level == .required else { continue }
                report.runs[runIndex].results[index].hazard = hazard(result.vectorID)
            }
        }
        return report
    }
}
