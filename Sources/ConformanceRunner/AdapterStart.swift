// Sources/ConformanceRunner/AdapterStart.swift - An adapter command made ready to run cases, or why it is not

import ChildProcess
import ConformanceModel
import Foundation

/// Starts an adapter the way `xds conformance` and `xds differential` both do: the command resolved (a word naming
/// an existing file made absolute, a bare program looked up in PATH), its capabilities and version asked, and one
/// trivial call per declared call made before the first case.
public enum AdapterStart {
    /// - Parameters:
    ///   - words: the command, split as a shell would.
    ///   - name: the implementation's name in reports.
    ///   - serve: answer through `CMD serve` when the adapter declares `serve`.
    ///   - workDirectory: where the trivial attribute calls make their files.
    /// - Returns: the implementation, or the lines saying why the adapter does not run (the first one is the
    ///   error, for the caller to prefix).
    public static func start(
        _ words: [String], name: String, limits: ProcessLimits, serve: Bool, workDirectory: String
    ) -> Result<ProcessImplementation, AdapterStartProblem> {
        let directory = FileManager.default.currentDirectoryPath
        let command: AdapterCommand
        do {
            command = try AdapterCommand.resolve(
                words, in: directory, searchPath: ProcessInfo.processInfo.environment["PATH"])
        } catch {
            return .failure(
                AdapterStartProblem(lines: [
                    "the adapter does not run: \(error.message)",
                    "  Nothing was tested, so no known-failure list is written.",
                ]))
        }
        let capabilities: [String]
        let serves: Bool
        switch AdapterPreflight.capabilities(command.resolved, limits: limits) {
        case .success(let answer): (capabilities, serves) = answer
        case .failure(let problem): return .failure(AdapterStartProblem(lines: problem.lines))
        }
        guard !capabilities.isEmpty else {
            return .failure(
                AdapterStartProblem(lines: [
                    "the adapter does not run: `\(words.map(shellQuote).joined(separator: " ")) capabilities` names"
                        + " none of the calls (\(AdapterCall.allCases.map(\.rawValue).joined(separator: ", ")))",
                    "  Nothing was tested, so no known-failure list is written.",
                ]))
        }
        let version = ProcessImplementation.probeVersion(command.resolved, limits: limits) ?? "unknown"
        var info = ImplementationInfo(
            name: name, title: name, version: version, kind: "adapter",
            command: command.resolved.map(shellQuote).joined(separator: " "), capabilities: capabilities)
        info.typedCommand = command.typed.map(shellQuote).joined(separator: " ")
        info.directory = command.directory
        let implementation = ProcessImplementation(
            info: info, command: command.resolved, limits: limits, serve: serve && serves)
        if let problem = AdapterPreflight.trivialCalls(implementation, workDirectory: workDirectory) {
            return .failure(AdapterStartProblem(lines: problem.lines))
        }
        return .success(implementation)
    }
}

/// Why an adapter does not run, as lines for a person; the first is the error.
public struct AdapterStartProblem: Error, Hashable, Sendable {
    public var lines: [String]

    public init(lines: [String]) { self.lines = lines }

    /// Tells the lines to `console`, the first as the error.
    public func tell(_ console: some RunConsole) {
        for (index, line) in lines.enumerated() { console.message((index == 0 ? "Error: " : "") + line) }
    }
}
