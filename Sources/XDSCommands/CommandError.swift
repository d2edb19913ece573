// Sources/XDSCommands/CommandError.swift - Why a command failed, by kind; XDS.main maps kinds to exit statuses

/// A command that could not do what it was asked. Commands throw it; the one catch in `XDS.main`
/// prints the message (escaped, on standard error) and exits with the status of its kind.
public struct CommandError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, which decides the exit status (see `Command.exitStatus(for:)`).
    public enum Kind: Hashable, Sendable {
        /// The command line does not fit the command (64).
        case usage
        /// The input was rejected: not a plist, no attribute, refused by the writer (1).
        case rejected
        /// Legacy icon profile: the original Objective-C code would raise here (3).
        case originalRaises
        /// A bug of ours or of a library we call, never a verdict on the input (70).
        case internalError
        /// The tool's own input or files failed: unreadable input, unwritable report (74).
        case inputOutput
        /// Writing standard output or standard error failed (74).
        case output
        /// The reader of standard output went away (`EPIPE`): the process ends by `SIGPIPE`, quietly.
        case brokenPipe
    }

    public var kind: Kind
    /// One line for a person; printed through `TerminalText.escaped`.
    public var message: String
    /// A hint printed on a second line (e.g. "See 'xds write --help'"), if any.
    public var hint: String?

    public init(_ kind: Kind, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    public var description: String { message }

    /// The error for a failed write to standard output.
    public init(_ error: OutputError) {
        self.init(error.isBrokenPipe ? .brokenPipe : .output, error.description)
    }

    /// The error for unreadable input: over the size limit is a rejection, the rest an I/O error.
    public init(_ error: InputError, tooLargeIsRejection: Bool = false) {
        if case .tooLarge = error.reason, tooLargeIsRejection {
            self.init(.rejected, error.description)
        } else {
            self.init(.inputOutput, error.description)
        }
    }
}
