// Sources/ConformanceModel/AdapterCall.swift - The adapter protocol's words: its calls and its questions

import Foundation

/// The adapter protocol's calls, named as on the command line.
public enum AdapterCall: String, CaseIterable, Hashable, Sendable {
    case decode
    case encode
    case readAttribute = "read-attribute"
    case writeAttribute = "write-attribute"
    case selectIcon = "select-icon"
    case loadIcon = "load-icon"
}

/// The protocol's other words: what an adapter is asked before the cases, and the persistent mode.
public enum AdapterQuery: String, CaseIterable, Hashable, Sendable {
    /// `CMD capabilities`: a JSON list of the calls it answers (and `serve` when it has the persistent mode).
    case capabilities
    /// `CMD version` (optional): its first line names the implementation's version.
    case version
    /// `CMD serve`: framed calls on standard input and output (Docs/conformance.md "The persistent mode"); listed
    /// in `capabilities` by an adapter that has it.
    case serve
}

/// What an adapter answered to `capabilities`: the one reading of that answer.
public struct AdapterCapabilities: Hashable, Sendable {
    /// The call names it declares that the protocol has, in its order (unknown names left out).
    public var calls: [String]
    /// It declares `serve`.
    public var serves: Bool

    public init(calls: [String], serves: Bool) {
        self.calls = calls
        self.serves = serves
    }

    /// Reads `CMD capabilities`'s standard output, a JSON list of strings.
    /// - Returns: nil when the output is not a JSON list of strings.
    public static func read(_ output: [UInt8]) -> AdapterCapabilities? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(output), options: [.fragmentsAllowed]),
            let names = object as? [String]
        else { return nil }
        return AdapterCapabilities(
            calls: names.filter { AdapterCall(rawValue: $0) != nil },
            serves: names.contains(AdapterQuery.serve.rawValue))
    }

    /// It declares `call`.
    public func answers(_ call: AdapterCall) -> Bool { calls.contains(call.rawValue) }

    /// The answer an adapter prints: `["decode", "encode", "serve"]` (no line break).
    public static func render(_ calls: [AdapterCall], serves: Bool) -> String {
        let names = calls.map(\.rawValue) + (serves ? [AdapterQuery.serve.rawValue] : [])
        return "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
