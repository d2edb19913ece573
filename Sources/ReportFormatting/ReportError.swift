// Sources/ReportFormatting/ReportError.swift - Why a report could not be read or written

/// A report file that could not be read, parsed or written.
public struct ReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// One line a person can act on.
    public var message: String

    /// Creates an error about `path`.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `<path>: <message>`.
    public var description: String { "\(path): \(message)" }
}
