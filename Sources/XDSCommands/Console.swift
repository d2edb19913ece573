// Sources/XDSCommands/Console.swift - Byte-exact standard streams, every write checked, and input files

import AttributeFiles
import ReportFormatting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write to standard output or standard error failed (or wrote nothing): the command's output is
/// incomplete, so it exits 74. `EPIPE` (the reader went away, as in `xds decode | head`) ends the
/// process quietly by `SIGPIPE`, as Unix tools do (see `XDS.main`).
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1 or 2.
    public var descriptor: Int32
    public var errno: SystemErrno
    /// Whether the reader of the stream has gone (`EPIPE`).
    public var isBrokenPipe: Bool { errno.rawValue == EPIPE }

    public var description: String {
        let stream = descriptor == 1 ? "standard output" : "standard error"
        return "cannot write to \(stream): \(errno.systemMessage) (\(errno.symbol)); the output is incomplete"
    }
}

/// An input file or standard input could not be read.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The system call failed.
        case system(SystemErrno)
        /// More bytes than the command accepts.
        case tooLarge(limit: Int)
    }
    /// The path for messages (`BytePath.description`, or `<stdin>`).
    public var path: String
    public var reason: Reason
    public var description: String {
        switch reason {
        case .system(let code): return "\(path): \(code.systemMessage)"
        case .tooLarge(let limit): return "\(path): larger than the \(limit)-byte input limit"
        }
    }
}

/// Unbuffered, byte-exact access to the standard streams. Every write is checked: a failed or short
/// write to standard output throws `OutputError`; one to standard error is remembered, and `XDS.main`
/// exits 74 when the command is done (there is nowhere left to say why).
public enum Console {
    /// Set when a write to standard error failed.
    static let standardErrorFailure = Atomic<Int32>(0)

    /// Writes `bytes` to standard output, all of them.
    public static func writeOut(_ bytes: [UInt8]) throws(OutputError) {
        if let code = send(bytes, to: 1) { throw OutputError(descriptor: 1, errno: code) }
    }

    /// Writes `text` to standard output as it is (text the tool wrote, or a machine-readable format).
    public static func printOut(_ text: String, terminator: String = "\n") throws(OutputError) {
        try writeOut(Array((text + terminator).utf8))
    }

    /// Writes one line of human-readable text to standard output, escaped by `TerminalText.escaped`.
    public static func printLine(_ line: String) throws(OutputError) {
        try printOut(TerminalText.escaped(line))
    }

    /// Writes one message line to standard error, escaped by `TerminalText.escaped` (a line break in
    /// it is printed as `\x0A`, so nothing in a message can forge another line).
    public static func printError(_ line: String) { writeError(Array((TerminalText.escaped(line) + "\n").utf8)) }

    /// Writes one message line that is already escaped by the one rule (built from report text, which the rule
    /// escaped when it was made, and names escaped where the line was built) to standard error, as it is: escaping
    /// it again would double every backslash. Its line breaks are spelled `\x0A`, as the rule spells them.
    public static func printEscapedError(_ line: String) {
        writeError(Array((TerminalText.spellingControls(line) + "\n").utf8))
    }

    /// Writes text the tool itself wrote (help, tables) to standard error, line breaks kept.
    public static func printErrorText(_ text: String) { writeError(Array((text + "\n").utf8)) }

    /// Writes raw bytes to standard error (the progress line).
    public static func writeError(_ bytes: [UInt8]) {
        if let code = send(bytes, to: 2) { standardErrorFailure.store(code.rawValue, ordering: .relaxed) }
    }

    /// The errno of the first failed write to standard error, if any.
    static var standardErrorFailed: SystemErrno? {
        let code = standardErrorFailure.load(ordering: .relaxed)
        return code == 0 ? nil : SystemErrno(rawValue: code)
    }

    /// Reads a whole file, or standard input when `path` is nil or `-`, refusing more than `limit` bytes.
    public static func readInput(_ path: BytePath?, limit: Int = 256 << 20) throws(InputError) -> [UInt8] {
        let isStandardInput = path == nil || path == "-"
        let name = isStandardInput ? "<stdin>" : (path?.description ?? "")
        var descriptor: Int32 = 0
        if let path, !isStandardInput {
            descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            if descriptor < 0 { throw InputError(path: name, reason: .system(SystemErrno(rawValue: errno))) }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        do {
            return try DescriptorReader.readAll(descriptor, limit: limit)
        } catch {
            switch error {
            case .system(let code): throw InputError(path: name, reason: .system(code))
            case .overLimit(let limit): throw InputError(path: name, reason: .tooLarge(limit: limit))
            }
        }
    }

    /// Writes all of `bytes`; returns the errno when a write fails or writes nothing.
    private static func send(_ bytes: [UInt8], to descriptor: Int32) -> SystemErrno? {
        bytes.withUnsafeBytes { buffer -> SystemErrno? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return SystemErrno(rawValue: errno)
                }
                // A write that takes nothing would loop for ever; count it as a device that is full.
                if written == 0 { return .noSpace }
                offset += written
            }
            return nil
        }
    }
}
