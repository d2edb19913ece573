// Sources/ConformanceRunner/AdapterPreflight.swift - Does the adapter run at all? Asked before the first case

import BinaryPlist
import ChildProcess
import ConformanceModel
import Foundation
import ReportFormatting

/// The checks made before the first case, so that an adapter that cannot start (a misspelt path, a missing
/// interpreter or module) stops the run with its own error instead of grading every case a crash.
public enum AdapterPreflight {
    /// Asks `command capabilities`, in a scratch directory as every call runs.
    /// - Returns: the call names it declares (unknown names left out) and whether it declares `serve`, or why the
    ///   adapter does not run: it could not start, `capabilities` did not exit 0, or its output is not a JSON list
    ///   of strings.
    public static func capabilities(_ command: [String], limits: ProcessLimits) -> Result<
        (calls: [String], serves: Bool), AdapterDoesNotRun
    > {
        let arguments = command + [AdapterQuery.capabilities.rawValue]
        let result = ProcessRunner.run(arguments, input: [], limits: limits, scratchDirectory: true)
        guard result.verdict == .accepted else {
            return .failure(AdapterDoesNotRun(arguments, result: result))
        }
        guard let answer = AdapterCapabilities.read(result.stdout) else {
            var failure = AdapterDoesNotRun(arguments, result: result)
            failure.ended =
                "exit 0, but printed \(quotedStart(result.stdout)), not the JSON list of calls the protocol asks for"
            return .failure(failure)
        }
        return .success((answer.calls, answer.serves))
    }

    /// One trivial call per declared call (`load-icon`, which needs the fixture server, aside).
    /// - Parameter workDirectory: where the attribute calls' files are made.
    /// - Returns: why the adapter does not run when every call made crashed (the first one's account), else nil.
    public static func trivialCalls(_ implementation: ProcessImplementation, workDirectory: String)
        -> AdapterDoesNotRun?
    {
        var first: AdapterDoesNotRun?
        var made = 0
        for call in AdapterCall.allCases where implementation.supports(call) {
            guard let request = trivialRequest(call, workDirectory: workDirectory) else { continue }
            made += 1
            let result = implementation.perform(request)
            guard result.verdict == .crashed else { return nil }
            if first == nil {
                first = AdapterDoesNotRun(
                    implementation.command + [request.call.rawValue] + request.arguments, result: result)
            }
        }
        return made > 0 ? first : nil
    }

    /// A request any adapter with `call` answers with 0 or 1; nil for `load-icon`.
    static func trivialRequest(_ call: AdapterCall, workDirectory: String) -> AdapterRequest? {
        switch call {
        case .decode: return .decode(BPlistEncoder.encode(.bool(true)))
        case .encode: return .encode(Array(#"{"type": "bool", "value": "true"}"#.utf8))
        case .readAttribute:
            return emptyFile(workDirectory, "preflight-read").map { .readAttribute(path: $0) }
        case .writeAttribute:
            let fields =
                #"{"identifier": "com.example.app", "name": "Example", "path": "a.txt", "#
                + #""appInfoURL": "https://localhost/appInfo.json"}"#
            return emptyFile(workDirectory, "preflight-write").map {
                .writeAttribute(path: $0, fields: Array(fields.utf8))
            }
        case .selectIcon:
            return .selectIcon(
                scale: 1, appInfoURL: "https://localhost/appInfo.json", appInfo: Array(#"{"icons": []}"#.utf8))
        case .loadIcon: return nil
        }
    }

    private static func emptyFile(_ directory: String, _ name: String) -> String? {
        let path = directory + "/" + name
        return FileManager.default.createFile(atPath: path, contents: Data()) ? path : nil
    }

    private static func quotedStart(_ bytes: [UInt8]) -> String {
        // Raw (every byte kept): the terminal escapes the line once when it prints it.
        bytes.isEmpty ? "nothing" : "\"" + TerminalText.displayString(bytes: bytes.prefix(80)) + "\""
    }
}

/// Why the adapter does not run, for a person: the call's command line, how it ended, its first lines of standard
/// error. `xds conformance` prints it and exits 2.
public struct AdapterDoesNotRun: Error, Hashable, Sendable {
    /// The call, as a shell command line.
    public var command: String
    /// How it ended: `exit 2`, `signal 11 (SIGSEGV)`, `timeout after 10 s`, `failed to start: …`.
    public var ended: String
    /// The first lines of its standard error (at most five) of its first 2048 bytes, as text that keeps every byte
    /// (`TerminalText.displayString`): the terminal escapes them once when it prints `lines`.
    public var standardError: [String]

    public init(_ arguments: [String], result: CallResult) {
        command = arguments.map(shellQuote).joined(separator: " ")
        ended = result.terminationSummary
        standardError = Array(
            TerminalText.displayString(bytes: result.stderr.prefix(2048)).split(
                separator: "\n", omittingEmptySubsequences: true
            ).prefix(5).map(String.init))
    }

    /// The message, one line each (the caller escapes each for the terminal).
    public var lines: [String] {
        var lines = ["the adapter does not run: `\(command)` ended with \(ended)"]
        if standardError.isEmpty {
            lines.append("  (nothing on standard error)")
        } else {
            lines.append("  its standard error begins:")
            lines += standardError.map { "    " + $0 }
        }
        lines.append("  Nothing was tested, so no known-failure list is written. Run the call above in a shell")
        lines.append("  to see why; 'xds help adapter' has the protocol.")
        return lines
    }
}
