// Sources/FilesystemHarness/HostCommand.swift - Runs mkfs, losetup, mount and umount as child processes

import ChildProcess
import Foundation

/// A host tool failed to start or exited non-zero.
public struct HostCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command line, as a person would type it.
    public var commandLine: String
    /// The exit status, or nil when the tool could not be started.
    public var status: Int32?
    /// What the tool wrote to standard error (trimmed), or why it could not start.
    public var message: String

    public var description: String {
        let how = status.map { "exited with status \($0)" } ?? "could not be started"
        return "`\(commandLine)` \(how)" + (message.isEmpty ? "" : ": \(message)")
    }
}

/// A host tool run to completion; its standard output is returned.
public enum HostCommand {
    /// mkfs on a large image and umount of a busy filesystem are slow, never this slow.
    static let timeLimit = ProcessLimits.tool(timeout: 600)

    /// The directories searched for tools, sbin first (mkfs and losetup live there).
    static let searchPath = ["/usr/sbin", "/sbin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/local/bin"]

    /// The absolute path of `tool`, or nil when it is not installed.
    public static func locate(_ tool: String) -> String? {
        if tool.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        let fromEnvironment = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in searchPath + fromEnvironment {
            let candidate = directory + "/" + tool
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments`, waits for it, and returns its standard output.
    /// - Throws: `HostCommandError` when the tool is missing, cannot start, or exits non-zero.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws(HostCommandError) -> String {
        let commandLine = ([tool] + arguments).joined(separator: " ")
        guard let executable = locate(tool) else {
            throw HostCommandError(commandLine: commandLine, status: nil, message: "\(tool) is not installed")
        }
        // Both streams are drained concurrently, so neither can fill a pipe and block the tool.
        let result = ProcessRunner.run([executable] + arguments, input: [], limits: timeLimit)
        let stderr = String(decoding: result.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch result.termination {
        case .exited(0): return String(decoding: result.stdout, as: UTF8.self)
        case .exited(let status): throw HostCommandError(commandLine: commandLine, status: status, message: stderr)
        case .failedToStart(let message):
            throw HostCommandError(commandLine: commandLine, status: nil, message: message)
        case .signaled, .timedOut, .protocolError:
            throw HostCommandError(
                commandLine: commandLine, status: nil,
                message: result.terminationSummary + (stderr.isEmpty ? "" : ": " + stderr))
        }
    }
}
