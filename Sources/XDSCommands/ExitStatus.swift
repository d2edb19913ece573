// Sources/XDSCommands/ExitStatus.swift - Exit statuses are a contract (Docs/guarantees.md)

/// The status `xds` exits with. Within one command no two meanings share a number, and one situation has one
/// number in every command (Docs/guarantees.md, "Exit statuses").
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Done, input accepted.
    public static let success = ExitStatus(rawValue: 0)
    /// The input was rejected (bad plist, no attribute, no icon): the adapter protocol's rejection.
    public static let rejected = ExitStatus(rawValue: 1)
    /// `xds conformance`: the implementation under test does not run (the adapter cannot start, fails
    /// `capabilities`, crashes on every call; an `--impl` asked for is not installed and nothing else runs), so
    /// nothing was tested. Never 1 (deviations found) nor 74 (the tool's own I/O).
    public static let adapterDoesNotRun = ExitStatus(rawValue: 2)
    /// Legacy icon profile: the original Objective-C code would have raised an exception here.
    public static let originalRaises = ExitStatus(rawValue: 3)
    /// Usage error (EX_USAGE): unknown command or option, missing argument. Never 1.
    public static let usage = ExitStatus(rawValue: 64)
    /// Internal error (EX_SOFTWARE): a bug of ours, never a verdict on the input.
    public static let internalError = ExitStatus(rawValue: 70)
    /// The tool's own I/O failed (EX_IOERR): input unreadable, a report or standard output unwritable.
    public static let ioError = ExitStatus(rawValue: 74)
    /// Standard output's reader went away: `xds` ends by SIGPIPE (the shell shows 128 + 13 = 141,
    /// the value used only if the signal does not end the process).
    public static let brokenPipe = ExitStatus(rawValue: 141)

    /// The status of an error kind for every command without a contract of its own.
    public static func standard(for kind: CommandError.Kind) -> ExitStatus {
        switch kind {
        case .usage: return .usage
        case .rejected: return .rejected
        case .originalRaises: return .originalRaises
        case .internalError: return .internalError
        case .inputOutput, .output: return .ioError
        case .brokenPipe: return .brokenPipe
        }
    }
}
