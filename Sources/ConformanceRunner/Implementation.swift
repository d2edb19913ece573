// Sources/ConformanceRunner/Implementation.swift - What the runner knows of an implementation: its calls (Docs/conformance.md)

import ConformanceModel

/// One call: its name, its arguments after the call name, and standard input.
public struct AdapterRequest: Hashable, Sendable {
    public var call: AdapterCall
    public var arguments: [String]
    public var input: [UInt8]

    public init(call: AdapterCall, arguments: [String] = [], input: [UInt8] = []) {
        self.call = call
        self.arguments = arguments
        self.input = input
    }

    /// `decode` with bplist bytes on stdin.
    public static func decode(_ bytes: [UInt8]) -> AdapterRequest { AdapterRequest(call: .decode, input: bytes) }
    /// `encode` with tagged JSON on stdin.
    public static func encode(_ taggedJSON: [UInt8]) -> AdapterRequest {
        AdapterRequest(call: .encode, input: taggedJSON)
    }
    /// `read-attribute PATH`.
    public static func readAttribute(path: String) -> AdapterRequest {
        AdapterRequest(call: .readAttribute, arguments: [path])
    }
    /// `write-attribute PATH` with a JSON object of fields on stdin.
    public static func writeAttribute(path: String, fields: [UInt8]) -> AdapterRequest {
        AdapterRequest(call: .writeAttribute, arguments: [path], input: fields)
    }
    /// `select-icon --scale S --app-info-url URL` with appInfo.json bytes on stdin.
    public static func selectIcon(scale: Int, appInfoURL: String, appInfo: [UInt8]) -> AdapterRequest {
        AdapterRequest(
            call: .selectIcon, arguments: ["--scale", String(scale), "--app-info-url", appInfoURL], input: appInfo)
    }
}

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
        ProcessRunner.run(command + [request.call.rawValue] + request.arguments, input: request.input, limits: limits)
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
