// Sources/XDSCommands/ExitStatus.swift - Exit statuses are a contract (DESIGN §5)

/// The status `xds` exits with. No two meanings share a number.
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Done, input accepted.
    public static let success = ExitStatus(rawValue: 0)
    /// The input was rejected (bad plist, no attribute, no icon): the adapter protocol's rejection.
    public static let rejected = ExitStatus(rawValue: 1)
    /// `xds validate`: usage or I/O problem (the contract for that command).
    public static let validateUsageOrIO = ExitStatus(rawValue: 2)
    /// Legacy icon profile: the original Objective-C code would have raised an exception here.
    public static let originalRaises = ExitStatus(rawValue: 3)
    /// Usage error (EX_USAGE): unknown command or option, missing argument. Never 1.
    public static let usage = ExitStatus(rawValue: 64)
    /// Internal error (EX_SOFTWARE): a bug of ours, never a verdict on the input.
    public static let internalError = ExitStatus(rawValue: 70)
    /// The tool's own I/O failed (EX_IOERR), e.g. it cannot write a report.
    public static let ioError = ExitStatus(rawValue: 74)
}
