// Sources/ConformanceRunner/Judge.swift - Performs a case against an implementation and grades the raw result

import BinaryPlist
import ChildProcess
import ConformanceModel
import Foundation
import TaggedJSON

/// Grades cases. Values are compared as `PropertyListValue` (via tagged JSON), never as text.
public struct Judge: Sendable {
    /// Where temporary files for the attribute area are made (must support user xattrs).
    public var workDirectory: String
    /// How `.loadIcon` cases are met; nil: they are not run (a crash where the implementation has `load-icon`).
    public var iconLoading: IconLoadingJudging?

    public init(workDirectory: String, iconLoading: IconLoadingJudging? = nil) {
        self.workDirectory = workDirectory
        self.iconLoading = iconLoading
    }

    /// Runs `testCase` against `implementation` and grades it; `n/a` when the call is missing.
    public func run(_ testCase: ConformanceCase, on implementation: any Implementation) -> VectorResult {
        run(PreparedCase(testCase), on: implementation)
    }

    /// Runs a prepared case against `implementation` and grades it: what depends on the case alone was worked out
    /// when it was prepared.
    public func run(_ prepared: PreparedCase, on implementation: any Implementation) -> VectorResult {
        let testCase = prepared.testCase
        let metadata = testCase.vector.metadata
        if testCase.kind == .loadIcon {
            switch iconLoading {
            case .ready(let judge)?:
                return judge.run(testCase, on: implementation)
            case .unavailable(let reason)?:
                return IconLoadingJudging.notRun(
                    testCase, applicable: implementation.supports(.loadIcon), reason: reason)
            case nil:
                return IconLoadingJudging.notRun(
                    testCase, applicable: implementation.supports(.loadIcon), reason: "no icon-loading judge was given")
            }
        }
        var grade = Grade(outcome: .notApplicable, expected: prepared.expected, result: nil)
        if implementation.supports(testCase.kind.call) {
            grade = perform(prepared, on: implementation)
        }
        let result = grade.result
        var actual = result.map { escapedText($0.stdout) } ?? ""
        if let result, result.verdict != .accepted {
            actual = result.terminationSummary + (actual.isEmpty ? "" : ": " + actual)
        }
        // A note can quote the adapter's output (a tagged-JSON error names what it read): escaped like it.
        if let note = grade.note { actual = escapedText(Array(note.utf8)) + (actual.isEmpty ? "" : " | " + actual) }
        var vectorResult = VectorResult(
            caseID: testCase.id, vectorID: metadata.id, area: metadata.area, group: metadata.group,
            level: testCase.level,
            outcome: grade.outcome, expected: grade.expected, actual: actual,
            diagnostics: result.map { escapedText($0.stderr) } ?? "", exitStatus: result?.exitStatus,
            signal: result?.signal, knownFailure: nil)
        vectorResult.hazard = metadata.hazard
        if grade.outcome == .crash, let result {
            vectorResult.crashKind = CrashKind.classify(
                exitStatus: result.exitStatus, signal: result.signal, timedOut: result.termination == .timedOut,
                outOfMemory: result.outOfMemory != nil && result.termination != .exited(0))
        }
        return vectorResult
    }

    struct Grade {
        var outcome: Outcome
        var expected: String
        var result: CallResult?
        var note: String?
    }

    private func perform(_ prepared: PreparedCase, on implementation: any Implementation) -> Grade {
        let vector = prepared.testCase.vector
        switch prepared.testCase.kind {
        case .decode:
            let result = implementation.perform(.decode(vector.input))
            return gradeDecode(prepared, result)
        case .encode:
            let result = implementation.perform(.encode(vector.expected ?? []))
            return gradeEncode(prepared, result, canonical: false)
        case .encodeCanonical:
            let result = implementation.perform(.encode(vector.expected ?? []))
            return gradeEncode(prepared, result, canonical: true)
        case .readAttribute:
            return readAttribute(prepared, on: implementation)
        case .writeAttribute:
            return writeAttribute(prepared, on: implementation)
        case .selectIcon(let scale):
            return selectIcon(prepared, scale: scale, on: implementation)
        case .loadIcon:
            // Met by the icon-loading judge in `run` before anything is performed here.
            return Grade(outcome: .crash, expected: prepared.expected, result: nil, note: "not run")
        }
    }

    /// Accept/reject grading shared by every area, for a call whose value (when accepted) is `valueMatches`.
    func gradeVerdict(
        _ vector: Vector, shouldAccept: Bool?, result: CallResult, expected: String, valueMatches: () -> (Bool, String?)
    ) -> Grade {
        switch result.verdict {
        case .crashed:
            return Grade(outcome: .crash, expected: expected, result: result)
        case .rejected:
            guard let shouldAccept else {
                return Grade(outcome: .implementationDefinedRejected, expected: expected, result: result)
            }
            return Grade(outcome: shouldAccept ? .shouldHaveAccepted : .pass, expected: expected, result: result)
        case .accepted:
            guard let shouldAccept else {
                return Grade(outcome: .implementationDefinedAccepted, expected: expected, result: result)
            }
            guard shouldAccept else { return Grade(outcome: .shouldHaveRejected, expected: expected, result: result) }
            if result.stdoutTruncated {
                return Grade(
                    outcome: .wrongValue, expected: expected, result: result, note: "output larger than the cap")
            }
            let (matches, note) = valueMatches()
            return Grade(outcome: matches ? .pass : .wrongValue, expected: expected, result: result, note: note)
        }
    }

    /// nil when either verdict is right (the vector's level is `implementation-defined`, whatever its group:
    /// `regressions/fan-out-26-levels` is one); else whether the vector must be accepted.
    func mustAccept(_ vector: Vector) -> Bool? {
        if vector.metadata.level == .implementationDefined { return nil }
        switch vector.metadata.group {
        case .implementationDefined: return nil
        case .valid: return true
        case .invalid: return false
        case .regressions: return vector.expected != nil
        }
    }

    private func gradeDecode(_ prepared: PreparedCase, _ result: CallResult) -> Grade {
        let vector = prepared.testCase.vector
        return gradeVerdict(vector, shouldAccept: mustAccept(vector), result: result, expected: prepared.expected) {
            switch AcceptedWithoutValue(result.stdout) {
            case .tooLarge(let nodes)?:
                return (true, "accepted; the value is too large to print (stopped at \(nodes) nodes), not compared")
            case .unrepresentable(let reason)?:
                return (false, "accepted a value tagged JSON cannot express: " + reason)
            case nil: break
            }
            guard let expected = prepared.expectedValue else {
                return (false, "the vector's expected JSON does not parse")
            }
            do {
                let actual = try TaggedJSON.decode(result.stdout)
                return (actual == expected, nil)
            } catch {
                return (false, "output is not tagged JSON (\(error))")
            }
        }
    }

    /// An encode case: the output must read back as the value; for the `#canonical` case, the right value in
    /// other bytes than the canonical ones the vector pins is `non-canonical`, a layout difference with its own
    /// outcome, so that a reader can tell it from a wrong value.
    private func gradeEncode(_ prepared: PreparedCase, _ result: CallResult, canonical: Bool) -> Grade {
        var grade = gradeValueOfEncode(prepared, result)
        if canonical && grade.outcome == .pass && result.stdout != prepared.testCase.vector.input {
            grade.outcome = .nonCanonical
            grade.note = "decodes to the expected value, but not the canonical bytes"
        }
        return grade
    }

    private func gradeValueOfEncode(_ prepared: PreparedCase, _ result: CallResult) -> Grade {
        gradeVerdict(prepared.testCase.vector, shouldAccept: true, result: result, expected: prepared.expected) {
            guard let expected = prepared.expectedValue else {
                return (false, "the vector's expected JSON does not parse")
            }
            let decoded: PropertyListValue
            do {
                decoded = try BPlistDecoder.decode(result.stdout)
            } catch {
                return (false, "the reference decoder rejects the output: \(error)")
            }
            guard decoded == expected else { return (false, "decodes to a different value") }
            return (true, nil)
        }
    }
}
