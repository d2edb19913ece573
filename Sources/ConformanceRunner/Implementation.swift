// Sources/ConformanceRunner/Implementation.swift - What the runner knows of an implementation: its calls (Docs/conformance.md)

import ChildProcess
import ConformanceModel

/// An implementation under test, seen only through the adapter calls.
public protocol Implementation: Sendable {
    /// Name, title, version, kind, command and the calls it supports.
    var info: ImplementationInfo { get }
    /// Performs one call and reports how it ended. Never throws: every failure is a `CallResult`.
    func perform(_ request: AdapterRequest) -> CallResult
}

extension Implementation {
    /// Whether the implementation has `call`; cases needing a missing call are `n/a`.
    public func supports(_ call: AdapterCall) -> Bool { info.capabilities.contains(call.rawValue) }
}

/// An implementation that is a command, one process per call (Docs/conformance.md).
public struct ProcessImplementation: Implementation {
    public var info: ImplementationInfo
    /// The command and its leading arguments; the call name and its arguments are appended.
    public var command: [String]
    public var limits: ProcessLimits

    public init(info: ImplementationInfo, command: [String], limits: ProcessLimits) {
        self.info = info
        self.command = command
        self.limits = limits
    }

    public func perform(_ request: AdapterRequest) -> CallResult {
        ProcessRunner.run(
            command + [request.call.rawValue] + request.arguments, input: request.input, limits: limits,
            scratchDirectory: true)
    }

    /// Asks `command capabilities` for the calls it supports.
    /// - Returns: the call names, or a message saying why the answer is unusable.
    public static func probeCapabilities(_ command: [String], limits: ProcessLimits) -> Result<[String], ProbeError> {
        let result = ProcessRunner.run(command + ["capabilities"], input: [], limits: limits)
        guard result.verdict == .accepted else {
            return .failure(
                ProbeError(
                    message:
                        "'capabilities' ended with \(result.terminationSummary): \(escapedText(result.stderr, limit: 300))"
                ))
        }
        guard let names = parseStringList(result.stdout) else {
            return .failure(
                ProbeError(
                    message:
                        "'capabilities' did not print a JSON list of strings: \(escapedText(result.stdout, limit: 300))"
                ))
        }
        return .success(names.filter { AdapterCall(rawValue: $0) != nil })
    }
}

/// Why an adapter's capabilities could not be learned.
public struct ProbeError: Error, Hashable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}
