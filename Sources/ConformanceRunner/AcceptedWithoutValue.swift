// Sources/ConformanceRunner/AcceptedWithoutValue.swift - The two decode answers that accept without a value

import Foundation

/// A `decode` answer (exit 0) that says the library accepted the input but the adapter cannot print its value.
///
/// The whole of standard output is exactly one JSON object of two string members (whitespace around it is
/// ignored):
/// - `{"type":"too-large","value":"N"}`: printing the value would exceed 1,000,000 tagged-JSON nodes (shared
///   references expanded); `N` is the node count, in decimal, when the adapter stopped counting.
/// - `{"type":"unrepresentable","value":"REASON"}`: the library returned a value tagged JSON cannot carry
///   (a dictionary key that is not a string, a value that contains itself); `REASON` says what, in words.
///
/// Both are acceptances. `too-large` is graded without comparing the value; `unrepresentable` is a
/// `wrong-value` where the vector expects a value (which tagged JSON can always express).
public enum AcceptedWithoutValue: Hashable, Sendable {
    case tooLarge(nodes: UInt64)
    case unrepresentable(reason: String)

    /// Reads `stdout`; nil when it is anything else (an ordinary tagged JSON value, or a malformed marker).
    public init?(_ stdout: [UInt8]) {
        // Cheap test first: a marker is small and starts with `{`.
        guard stdout.count < 4096,
            let object = try? JSONSerialization.jsonObject(with: Data(stdout)) as? [String: Any],
            object.count == 2, let type = object["type"] as? String, let value = object["value"] as? String
        else { return nil }
        switch type {
        case "too-large":
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let nodes = UInt64(value)
            else { return nil }
            self = .tooLarge(nodes: nodes)
        case "unrepresentable":
            self = .unrepresentable(reason: value)
        default:
            return nil
        }
    }
}
