// Sources/FilesystemHarness/ToolRun.swift - Runs an everyday tool and keeps its exit status and both streams

import ChildProcess
import Foundation

/// What a tool did: exit status (128 + signal when killed), standard output bytes, standard error text.
public struct ToolOutcome: Hashable, Sendable {
    public var status: Int32
    public var output: [UInt8]
    public var errorText: String
}

/// Runs tools whose failure is a result to record, not an error to throw (unlike `HostCommand`).
enum ToolRun {
    /// Runs `arguments[0]` (searched like `HostCommand.locate`) with the rest, feeding `input`.
    static func run(_ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]) -> ToolOutcome {
        guard let tool = arguments.first, let executable = HostCommand.locate(tool) else {
            return ToolOutcome(status: 127, output: [], errorText: "\(arguments.first ?? "") is not installed")
        }
        let result = ProcessRunner.run(
            [executable] + arguments.dropFirst(), input: input, limits: .tool(timeout: 600), environment: environment)
        let status: Int32
        switch result.termination {
        case .exited(let code): status = code
        case .signaled(let signal): status = 128 + signal
        case .timedOut: status = 128 + SIGKILL
        case .failedToStart(let message), .protocolError(let message):
            return ToolOutcome(status: 126, output: [], errorText: message)
        }
        let errorText = String(decoding: result.stderr, as: UTF8.self)
        return ToolOutcome(
            status: status, output: result.stdout, errorText: errorText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs a POSIX shell script with `environment` (paths are passed as variables, never spliced in).
    static func shell(_ script: String, environment: [String: String]) -> ToolOutcome {
        run(["sh", "-c", script], environment: environment)
    }

    /// The first line a `--version`-style call prints (either stream) that has a digit and is not a
    /// copyright notice.
    static func versionLine(_ arguments: [String]) -> String {
        let outcome = run(arguments)
        let text = String(decoding: outcome.output, as: UTF8.self) + "\n" + outcome.errorText
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { line in !line.hasPrefix("Copyright") && line.contains(where: \.isNumber) } ?? "unknown"
    }
}
