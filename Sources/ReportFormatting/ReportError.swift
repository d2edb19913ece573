// Sources/ReportFormatting/ReportError.swift - Why a report could not be read or written

/// A report file that could not be read, parsed or written.
public struct ReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// One line a person can act on.
    public var message: String
    /// What kind of failure: the file is not the report it should be, or it could not be read or written.
    public var kind: Kind

    public enum Kind: Hashable, Sendable {
        /// The file was read but is not the expected report (a verdict on the input).
        case notAReport
        /// The file or directory could not be read, written or created.
        case inputOutput
    }

    /// Creates an error about `path`.
    public init(path: String, _ message: String, kind: Kind = .inputOutput) {
        self.path = path
        self.message = message
        self.kind = kind
    }

    /// Whether the file is not a report (rather than unreadable or unwritable).
    public var isNotAReport: Bool { kind == .notAReport }

    /// `<path>: <message>`.
    public var description: String { "\(path): \(message)" }
}
