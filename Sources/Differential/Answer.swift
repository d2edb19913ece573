// Sources/Differential/Answer.swift - What one implementation answered for one input, as a side of a disagreement

import BinaryPlist
import ChildProcess
import ConformanceModel
import ConformanceRunner
import TaggedJSON

/// One implementation's `decode` answer, reduced to what decides which side of a disagreement it is on.
///
/// Accepted values are compared as `PropertyListValue` (the suite's equality on tagged JSON), never as text, so
/// two adapters printing the same value in other spellings agree.
public enum Answer: Hashable, Sendable {
    /// Exit 0 with a tagged-JSON value.
    case accepted(PropertyListValue)
    /// Exit 0 with the `too-large` marker: accepted, the value not printed (never compared).
    case acceptedTooLarge
    /// Exit 0 with the `unrepresentable` marker: accepted a value tagged JSON cannot carry.
    case acceptedUnrepresentable
    /// Exit 0 with output that is not tagged JSON (or larger than the cap): an adapter fault, its own side.
    case acceptedUnreadable
    /// Exit 1: the library's documented rejection.
    case rejected
    /// Any other end: a side of its own per kind (signal, timeout, out of memory, exit status).
    case crashed(CrashKind)
    /// The implementation has no `decode` call.
    case notApplicable

    /// Classifies a call's result.
    public init(_ result: CallResult) {
        switch result.verdict {
        case .rejected:
            self = .rejected
        case .crashed:
            self = .crashed(
                CrashKind.classify(
                    exitStatus: result.exitStatus, signal: result.signal, timedOut: result.termination == .timedOut,
                    outOfMemory: result.outOfMemory != nil && result.termination != .exited(0)))
        case .accepted:
            if result.stdoutTruncated {
                self = .acceptedUnreadable
                return
            }
            switch AcceptedWithoutValue(result.stdout) {
            case .tooLarge?:
                self = .acceptedTooLarge
            case .unrepresentable?:
                self = .acceptedUnrepresentable
            case nil:
                if let value = try? TaggedJSON.decode(result.stdout) {
                    self = .accepted(value)
                } else {
                    self = .acceptedUnreadable
                }
            }
        }
    }

    /// The verdict word of the side: `accept`, `reject`, `crash (signal)`, …; values are told apart elsewhere.
    public var verdict: String {
        switch self {
        case .accepted: return "accept"
        case .acceptedTooLarge: return "accept (too large to print)"
        case .acceptedUnrepresentable: return "accept (unrepresentable value)"
        case .acceptedUnreadable: return "accept (output not tagged JSON)"
        case .rejected: return "reject"
        case .crashed(let kind): return "crash (\(kind.rawValue))"
        case .notApplicable: return "n/a"
        }
    }

    /// Whether the implementation accepted the input, whatever it printed.
    public var isAcceptance: Bool {
        switch self {
        case .accepted, .acceptedTooLarge, .acceptedUnrepresentable, .acceptedUnreadable: return true
        case .rejected, .crashed, .notApplicable: return false
        }
    }

    /// The accepted value, when there is one to compare.
    public var value: PropertyListValue? {
        if case .accepted(let value) = self { return value }
        return nil
    }
}

/// An answer with the words that show it to a person: the start of the output, or how the call ended.
public struct RecordedAnswer: Hashable, Sendable {
    public var answer: Answer
    /// For an acceptance the output (escaped, cut), for a rejection or a crash how it ended and the last line of
    /// standard error.
    public var detail: String

    public init(answer: Answer, detail: String) {
        self.answer = answer
        self.detail = detail
    }

    /// Records `result`; `limit` bounds the detail.
    public init(_ result: CallResult, limit: Int = 400) {
        answer = Answer(result)
        if answer.isAcceptance {
            detail = escapedText(result.stdout, limit: limit)
        } else {
            let lastLine =
                result.stderr.split(separator: 0x0A).last(where: { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } })
                .map { Array($0) } ?? []
            detail =
                result.terminationSummary + (lastLine.isEmpty ? "" : ": " + escapedText(lastLine, limit: limit))
        }
    }
}
