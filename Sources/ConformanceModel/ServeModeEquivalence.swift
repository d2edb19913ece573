// Sources/ConformanceModel/ServeModeEquivalence.swift - when two runs of one adapter, served and per call, agree

/// Docs/conformance.md, "The persistent mode": the one-process-per-call mode is the reference meaning, and an
/// adapter must get the same verdicts through `CMD serve`. This is the one statement of what "the same" means,
/// used by the equivalence test and by `make bench-matrix`: outcome, crash kind, exit status and signal are
/// equal, except that a runaway call is judged by its class.
public enum ServeModeEquivalence {
    /// What must be equal between the modes for one case.
    public struct Verdict: Hashable, Sendable, CustomStringConvertible {
        public var outcome: Outcome
        public var crashKind: CrashKind?
        public var exitStatus: Int32?
        public var signal: Int32?

        /// A runaway call is judged by its class, resource exhaustion: whether it meets the CPU limit (SIGXCPU,
        /// timeout) or the memory cap first (out of memory, SIGSEGV, abort), and whether its peak is three
        /// quarters of the cap by then, depends on page-fault system time under load, in either mode.
        public init(_ result: VectorResult) {
            outcome = result.outcome
            if result.crashKind == .outOfMemory || result.crashKind == .timeout {
                crashKind = .outOfMemory
            } else {
                crashKind = result.crashKind
                exitStatus = result.exitStatus
                signal = result.signal
            }
        }

        public var description: String {
            let status = exitStatus.map(String.init) ?? "-"
            let signalText = signal.map(String.init) ?? "-"
            let kind =
                crashKind == .outOfMemory
                ? "resource exhaustion (timeout or out of memory)" : crashKind?.rawValue ?? "-"
            return "\(outcome.rawValue) \(kind) exit \(status) signal \(signalText)"
        }
    }

    /// One case whose verdicts differ between the modes.
    public struct Difference: Hashable, Sendable, CustomStringConvertible {
        public var implementation: String
        public var caseID: String
        public var perCall: Verdict?
        public var served: Verdict?

        public var description: String {
            let perCallText = perCall.map(String.init(describing:)) ?? "none"
            let servedText = served.map(String.init(describing:)) ?? "none"
            return "\(implementation) \(caseID): per call \(perCallText), served \(servedText)"
        }
    }

    /// Every case of `perCall` and `served` (runs of the same implementations, matched by name) whose verdicts
    /// differ, in the order of the per-call runs; a case or run present on one side only differs too.
    public static func differences(perCall: [ImplementationRun], served: [ImplementationRun]) -> [Difference] {
        let servedRuns = Dictionary(
            served.map { ($0.implementation.name, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [Difference] = []
        for run in perCall {
            let name = run.implementation.name
            let servedResults = Dictionary(
                (servedRuns[name]?.results ?? []).map { ($0.caseID, Verdict($0)) },
                uniquingKeysWith: { first, _ in first })
            var perCallIDs = Set<String>()
            for result in run.results {
                perCallIDs.insert(result.caseID)
                let verdict = Verdict(result)
                let other = servedResults[result.caseID]
                guard other != verdict else { continue }
                found.append(difference(name, result.caseID, perCall: verdict, served: other))
            }
            for result in servedRuns[name]?.results ?? [] where !perCallIDs.contains(result.caseID) {
                found.append(difference(name, result.caseID, perCall: nil, served: Verdict(result)))
            }
        }
        let perCallNames = Set(perCall.map(\.implementation.name))
        for run in served where !perCallNames.contains(run.implementation.name) {
            for result in run.results {
                found.append(difference(run.implementation.name, result.caseID, perCall: nil, served: Verdict(result)))
            }
        }
        return found
    }

    private static func difference(_ implementation: String, _ caseID: String, perCall: Verdict?, served: Verdict?)
        -> Difference
    {
        Difference(implementation: implementation, caseID: caseID, perCall: perCall, served: served)
    }
}
