// Sources/ConformanceRunner/Implementation.swift - What the runner knows of an implementation: its calls (Docs/conformance.md)

import ChildProcess
import ConformanceModel

/// An implementation under test, seen only through the adapter calls.
public protocol Implementation: Sendable {
    /// Name, title, version, kind, command and the calls it supports.
    var info: ImplementationInfo { get }
    /// Performs one call and reports how it ended. Never throws: every failure is a `CallResult`.
    func perform(_ request: AdapterRequest) -> CallResult
    /// Ends any persistent adapter servers (`CMD serve`) once the run needs no more calls.
    func stopServing()
}

extension Implementation {
    public func stopServing() {}
}

extension Implementation {
    /// Whether the implementation has `call`; cases needing a missing call are `n/a`.
    public func supports(_ call: AdapterCall) -> Bool { info.capabilities.contains(call.rawValue) }
}

/// An implementation that is a command: one process per call (the reference meaning), or, when made with
/// `serve`, framed calls to persistent `CMD serve` processes that give the same results (Docs/conformance.md,
/// "The persistent mode").
public struct ProcessImplementation: Implementation {
    public var info: ImplementationInfo
    /// The command and its leading arguments; the call name and its arguments are appended.
    public var command: [String]
    public var limits: ProcessLimits
    /// The persistent servers, when the calls go through `CMD serve`; nil for one process per call.
    public let servers: ServerPool?

    /// - Parameter serve: call `CMD serve` servers instead of one process per call; only for an adapter that
    ///   declares `serve` in its capabilities.
    public init(info: ImplementationInfo, command: [String], limits: ProcessLimits, serve: Bool = false) {
        self.info = info
        self.command = command
        self.limits = limits
        servers = serve ? ServerPool(serveCommand: command + [AdapterQuery.serve.rawValue], limits: limits) : nil
    }

    public func perform(_ request: AdapterRequest) -> CallResult {
        let words = [request.call.rawValue] + request.arguments
        if let servers { return servers.run(words, input: request.input) }
        return ProcessRunner.run(command + words, input: request.input, limits: limits, scratchDirectory: true)
    }

    public func stopServing() { servers?.stop() }

    /// Asks `command capabilities` for the calls it supports and whether it serves.
    /// - Returns: the call names and `serve`, or a message saying why the answer is unusable.
    public static func probe(_ command: [String], limits: ProcessLimits) -> Result<
        (calls: [String], serves: Bool), ProbeError
    > {
        let result = ProcessRunner.run(command + [AdapterQuery.capabilities.rawValue], input: [], limits: limits)
        guard result.verdict == .accepted else {
            return .failure(
                ProbeError(
                    message:
                        "'capabilities' ended with \(result.terminationSummary): \(escapedText(result.stderr, limit: 300))"
                ))
        }
        guard let answer = AdapterCapabilities.read(result.stdout) else {
            return .failure(
                ProbeError(
                    message:
                        "'capabilities' did not print a JSON list of strings: \(escapedText(result.stdout, limit: 300))"
                ))
        }
        return .success((answer.calls, answer.serves))
    }

    /// Asks `command capabilities` for the calls it supports.
    /// - Returns: the call names, or a message saying why the answer is unusable.
    public static func probeCapabilities(_ command: [String], limits: ProcessLimits) -> Result<[String], ProbeError> {
        probe(command, limits: limits).map(\.calls)
    }
}

/// Why an adapter's capabilities could not be learned.
public struct ProbeError: Error, Hashable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}
