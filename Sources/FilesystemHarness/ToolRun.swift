// Sources/FilesystemHarness/ToolRun.swift - Runs an everyday tool and keeps its exit status and both streams

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
        let scratch = NSTemporaryDirectory() + "xds-tool-" + UUID().uuidString
        let files = (input: scratch + ".in", output: scratch + ".out", error: scratch + ".err")
        defer {
            for path in [files.input, files.output, files.error] { try? FileManager.default.removeItem(atPath: path) }
        }
        guard FileManager.default.createFile(atPath: files.input, contents: Data(input)),
            FileManager.default.createFile(atPath: files.output, contents: nil),
            FileManager.default.createFile(atPath: files.error, contents: nil),
            let inputHandle = FileHandle(forReadingAtPath: files.input),
            let outputHandle = FileHandle(forWritingAtPath: files.output),
            let errorHandle = FileHandle(forWritingAtPath: files.error)
        else { return ToolOutcome(status: 126, output: [], errorText: "cannot create scratch files in /tmp") }
        defer { for handle in [inputHandle, outputHandle, errorHandle] { try? handle.close() } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            return ToolOutcome(status: 126, output: [], errorText: "\(error)")
        }
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        let output = FileManager.default.contents(atPath: files.output).map { [UInt8]($0) } ?? []
        let errorText = (try? String(contentsOfFile: files.error, encoding: .utf8)) ?? ""
        return ToolOutcome(
            status: status, output: output, errorText: errorText.trimmingCharacters(in: .whitespacesAndNewlines))
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
