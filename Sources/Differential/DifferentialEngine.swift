// Sources/Differential/DifferentialEngine.swift - Every input through every implementation, N calls at a time

import BinaryPlist
import ConformanceModel
import ConformanceRunner
import Foundation

/// The answers of every implementation for every input, by input then implementation.
public struct AnswerTable: Sendable {
    /// `answers[input][implementation]`, in the order given to `run`.
    public var answers: [[RecordedAnswer]]
    /// The reference's rejection category per input, when the reference was selected and rejected it.
    public var rules: [String?]
}

/// Runs `decode` of each input on each implementation through `Implementation.perform`, the runner's one call
/// of one implementation (a persistent adapter mode there speeds this up unchanged).
public struct DifferentialEngine: Sendable {
    public var jobs: Int

    public init(jobs: Int) { self.jobs = max(1, jobs) }

    /// Runs every call; `progress` gets a snapshot after each call, from the worker thread that made it.
    public func run(
        _ inputs: [CorpusInput], on implementations: [any Implementation],
        progress: (@Sendable (RunProgress) -> Void)? = nil
    ) -> AnswerTable {
        let width = implementations.count
        let total = inputs.count * width
        let counter = progress.map {
            ProgressCounter(implementations: width, casesPerImplementation: inputs.count, report: $0)
        }
        let flat = ParallelWork.map(count: total, jobs: jobs) { index in
            let implementation = implementations[index % width]
            let recorded =
                implementation.supports(.decode)
                ? RecordedAnswer(implementation.perform(.decode(inputs[index / width].bytes)))
                : RecordedAnswer(answer: .notApplicable, detail: "")
            counter?.finished(implementation: index % width)
            return recorded
        }
        var answers: [[RecordedAnswer]] = []
        answers.reserveCapacity(inputs.count)
        for input in inputs.indices { answers.append(Array(flat[(input * width)..<((input + 1) * width)])) }
        let referenceIndex = implementations.firstIndex { $0.info.name == "reference" }
        let rules = inputs.indices.map { input -> String? in
            guard let referenceIndex, answers[input][referenceIndex].answer == .rejected else { return nil }
            return Self.rule(inputs[input].bytes)
        }
        return AnswerTable(answers: answers, rules: rules)
    }

    /// The decoder rule the reference cites for rejecting `bytes`: its error category.
    static func rule(_ bytes: [UInt8]) -> String? {
        do {
            _ = try BPlistDecoder.decode(bytes)
            return nil
        } catch {
            return error.category.rawValue
        }
    }
}
