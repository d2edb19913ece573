// Sources/ChildProcess/CallResult.swift - What one call of a child did: termination, output, classification

/// How a call's process ended.
public enum Termination: Hashable, Sendable {
    /// Exited with this status.
    case exited(Int32)
    /// Killed by this signal (including the runner's SIGKILL after a timeout: see `timedOut`).
    case signaled(Int32)
    /// Did not finish within the timeout; the runner killed its process group.
    case timedOut
    /// Could not be started at all (the message says why).
    case failedToStart(String)
    /// A persistent adapter server (`CMD serve`) broke the framing or ended without answering with exit 0 or 1;
    /// the runner ended it (the message says what it did).
    case protocolError(String)
}

/// The adapter protocol's three verdicts, decided by the exit status, except that running out of memory is a
/// crash.
public enum Verdict: String, Hashable, Sendable {
    /// Exit 0.
    case accepted
    /// Exit exactly 1.
    case rejected
    /// Anything else: another status, a signal, a timeout, out of memory, failure to start.
    case crashed
}

/// The raw result of one call: a child process, or an in-process implementation answering like one.
/// Every child this package runs (adapters, host tools, bench workers, the built `xds` in tests) ends in one.
public struct CallResult: Hashable, Sendable {
    public var termination: Termination
    /// Standard output, at most the cap; `stdoutTruncated` says whether more was produced.
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    public var stdoutTruncated: Bool
    /// Set when a call that did not exit 0 shows it ran out of memory: the call is then a crash.
    public var outOfMemory: OutOfMemoryEvidence?
    /// The wall-clock limit the call ran past, when it timed out (`ProcessRunner` sets it).
    public var timeoutSeconds: Double?

    public init(
        termination: Termination, stdout: [UInt8], stderr: [UInt8], stdoutTruncated: Bool = false,
        outOfMemory: OutOfMemoryEvidence? = nil
    ) {
        self.termination = termination
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutTruncated = stdoutTruncated
        self.outOfMemory = outOfMemory
    }

    /// An in-process acceptance with `stdout`.
    public static func accepted(_ stdout: [UInt8]) -> CallResult {
        CallResult(termination: .exited(0), stdout: stdout, stderr: [])
    }

    /// An in-process rejection with a message.
    public static func rejected(_ message: String) -> CallResult {
        CallResult(termination: .exited(1), stdout: [], stderr: Array((message + "\n").utf8))
    }

    public var verdict: Verdict {
        if outOfMemory != nil && termination != .exited(0) { return .crashed }
        switch termination {
        case .exited(0): return .accepted
        case .exited(1): return .rejected
        default: return .crashed
        }
    }

    /// The exit status, when the process exited.
    public var exitStatus: Int32? {
        if case .exited(let status) = termination { return status }
        return nil
    }

    /// The signal, when a signal ended the process.
    public var signal: Int32? {
        if case .signaled(let signal) = termination { return signal }
        return nil
    }

    /// One line describing how the call ended, for reports.
    public var terminationSummary: String {
        guard let outOfMemory, termination != .exited(0) else { return plainTerminationSummary }
        return plainTerminationSummary + ", " + outOfMemory.description
    }

    private var plainTerminationSummary: String {
        switch termination {
        case .exited(let status): return "exit \(status)"
        case .signaled(let signal):
            return "signal \(signal)" + Self.signalNote(signal)
        case .timedOut:
            guard let timeoutSeconds else { return "timeout" }
            let whole = timeoutSeconds.rounded() == timeoutSeconds && timeoutSeconds < 1e9
            return "timeout after " + (whole ? String(Int(timeoutSeconds)) : String(timeoutSeconds)) + " s"
        case .failedToStart(let message): return "failed to start: \(message)"
        case .protocolError(let message): return "serve protocol error: \(message)"
        }
    }

    /// The signal's name in parentheses (for SIGXCPU and SIGKILL what sends them here); empty when unknown.
    static func signalNote(_ signal: Int32) -> String {
        switch signal {
        case 24: return " (CPU time limit)"
        case 9: return " (killed)"
        default: return signalNames[signal].map { " (\($0))" } ?? ""
        }
    }

    /// Linux's numbers of the signals that end an adapter.
    static let signalNames: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
        10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 25: "SIGXFSZ",
        31: "SIGSYS",
    ]
}
