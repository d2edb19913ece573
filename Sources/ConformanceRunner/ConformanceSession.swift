// Sources/ConformanceRunner/ConformanceSession.swift - One conformance run, from loaded vectors to checked results

import ConformanceModel
import Foundation
import ReportFormatting

/// Runs the selected cases of a vector set on implementations and checks each run against its known-failure
/// list. Knows no terminal and no command line: `xds conformance` builds the implementations, prints and
/// writes; tests drive this directly with in-process implementations.
public struct ConformanceSession: Sendable {
    /// The loaded vector set.
    public var vectors: VectorDirectory
    /// Which cases run.
    public var filter: CaseFilter
    /// Calls run at once.
    public var jobs: Int
    /// Where attribute cases make their files (must take `user.` extended attributes).
    public var workDirectory: String

    /// What the `icon-loading` cases need (their fixture server and image checks); nil leaves the area out.
    public var iconLoading: (any IconLoadingResource)?

    public init(
        vectors: VectorDirectory, filter: CaseFilter = CaseFilter(), jobs: Int = 2, workDirectory: String,
        iconLoading: (any IconLoadingResource)? = nil
    ) {
        self.vectors = vectors
        self.filter = filter
        self.jobs = jobs
        self.workDirectory = workDirectory
        self.iconLoading = iconLoading
    }

    /// Every case of the set, before filtering.
    public var allCases: [ConformanceCase] { ConformanceCase.all(vectors.vectors) }

    /// The cases the filter selects, in run and report order: manifest order, except that the icon-loading cases
    /// come after all others (and are left out when the session has no `iconLoading`).
    public var cases: [ConformanceCase] {
        let selected = allCases.filter { filter.includes($0) }
        let iconLoadingCases = iconLoading == nil ? [] : selected.filter { $0.kind == .loadIcon }
        return selected.filter { $0.kind != .loadIcon } + iconLoadingCases
    }

    /// Every id a known-failure list may name: vector ids and case ids of the whole set (before filtering; an
    /// icon-loading vector is its own case).
    public var knownIDs: Set<String> {
        Set(allCases.map(\.id) + vectors.vectors.map(\.metadata.id))
    }

    /// Runs the selected cases on `implementations`, then applies each one's known-failure list.
    /// - Parameters:
    ///   - knownFailures: the list of an implementation (an empty list when it has none).
    ///   - progress: called after each case run finishes, every area counted.
    /// - Throws: the first error `knownFailures` throws.
    public func run<Failure: Error>(
        _ implementations: [any Implementation],
        knownFailures: (ImplementationInfo) throws(Failure) -> KnownFailures,
        progress: (@Sendable (RunProgress) -> Void)? = nil
    ) throws(Failure) -> SessionResult {
        let selected = cases
        let started = Date()
        let iconLoadingState = startIconLoading(selected, on: implementations)
        let counter = progress.map {
            ProgressCounter(
                implementations: implementations.count, casesPerImplementation: selected.count, report: $0)
        }
        var runs = Runner(judge: Judge(workDirectory: workDirectory, iconLoading: iconLoadingState), jobs: jobs).run(
            selected, on: implementations, progress: counter)
        if case .ready(let iconLoadingJudge)? = iconLoadingState { iconLoadingJudge.stop() }
        for implementation in implementations { implementation.stopServing() }
        let seconds = Date().timeIntervalSince(started)
        let ids = knownIDs
        var checks: [ImplementationCheck] = []
        for index in runs.indices {
            let list = try knownFailures(runs[index].implementation)
            checks.append(
                ImplementationCheck(
                    name: runs[index].implementation.name, check: list.apply(to: &runs[index].results, knownIDs: ids)))
        }
        return SessionResult(runs: runs, checks: checks, caseCount: selected.count, seconds: seconds)
    }

    /// How the run's icon-loading cases are met: nil when it has none (or the session no `iconLoading`). The fixture
    /// server starts only when an implementation has `load-icon`; a malformed vector or a server that cannot start
    /// makes every icon-loading case of such an implementation a crash naming why, never a pass.
    private func startIconLoading(
        _ selected: [ConformanceCase], on implementations: [any Implementation]
    ) -> IconLoadingJudging? {
        let iconLoadingCases = selected.filter { $0.kind == .loadIcon }
        guard let iconLoading, !iconLoadingCases.isEmpty else { return nil }
        let serve = implementations.contains { $0.supports(.loadIcon) }
        do {
            return .ready(try iconLoading.start(iconLoadingCases, serve: serve, workDirectory: workDirectory))
        } catch {
            return .unavailable(reason: "\(error)")
        }
    }
}

/// One implementation's known-failure check.
public struct ImplementationCheck: Hashable, Sendable {
    public var name: String
    public var check: KnownFailureCheck

    public init(name: String, check: KnownFailureCheck) {
        self.name = name
        self.check = check
    }
}

/// What a session ran and what fails it.
public struct SessionResult: Hashable, Sendable {
    /// One run per implementation, known failures marked.
    public var runs: [ImplementationRun]
    /// One check per implementation, in run order.
    public var checks: [ImplementationCheck]
    /// Cases run on each implementation.
    public var caseCount: Int
    /// Wall-clock time of the runs.
    public var seconds: Double

    /// Whether an unexpected deviation, a stale or an unknown known-failure entry fails the run.
    public var failed: Bool { checks.contains { !$0.check.isClean } }

    /// What fails the run, as lines for a terminal, already escaped by the one rule (`TerminalText`): names and
    /// ids escaped here, report text (escaped when it was made) only with its line breaks spelled, so that the
    /// caller prints each line as it is and nothing is escaped twice. Per failing implementation a `FAIL name:`
    /// heading, then at most 20 unexpected deviations, then the stale and unknown entries.
    public var failureLines: [String] {
        var lines: [String] = []
        for item in checks where !item.check.isClean {
            let check = item.check
            lines.append("FAIL \(TerminalText.escaped(item.name)):")
            for result in check.unexpected.prefix(20) {
                let id = TerminalText.escaped(result.caseID)
                if result.outcome == .crash {
                    lines.append("  \(id): crash (\(TerminalText.spellingControls(Self.crashCause(result))))")
                } else {
                    let expected = TerminalText.spellingControls(String(result.expected.prefix(80)))
                    let actual = TerminalText.spellingControls(String(result.actual.prefix(120)))
                    lines.append("  \(id): \(result.outcome.rawValue) (expected \(expected); got \(actual))")
                }
            }
            if check.unexpected.count > 20 {
                lines.append("  … \(check.unexpected.count - 20) more unexpected deviations")
            }
            for id in check.stale.map({ TerminalText.escaped($0) }) {
                lines.append("  \(id): listed as a known failure but passes now; remove it from the list")
            }
            for id in check.unknown.map({ TerminalText.escaped($0) }) {
                lines.append("  \(id): listed as a known failure but no such vector or case")
            }
        }
        return lines
    }

    /// Why a call crashed, in one line: how it ended as the judge recorded it first in `actual` (`signal 11
    /// (SIGSEGV)`, `timeout after 10 s`, `exit 2`, `… out of memory (peak RSS …)`), and for an exit status the last
    /// line of its standard error, where runtimes put the error that ended them.
    public static func crashCause(_ result: VectorResult) -> String {
        let ended = result.actual.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var cause = String(ended.prefix(160))
        if result.exitStatus != nil, !ended.contains("out of memory"),
            let last = result.diagnostics.split(separator: "\n").last(where: {
                !$0.allSatisfy(\.isWhitespace)
            })
        {
            cause += "; standard error ends: " + last.trimmingCharacters(in: .whitespaces).prefix(160)
        }
        return cause
    }
}

extension Provenance {
    /// The provenance of a run made now on this machine.
    /// - Parameters:
    ///   - filesystem: the work directory's filesystem, with any note.
    ///   - arguments: the command line, quoted as a shell would need it.
    public static func current(vectorDigest: String, filesystem: String, arguments: [String]) -> Provenance {
        Provenance(
            suiteVersion: ConformanceModel.suiteVersion, vectorDigest: vectorDigest,
            os: RunEnvironment.operatingSystem(),
            kernel: RunEnvironment.kernel(), filesystem: filesystem, date: RunEnvironment.now(),
            command: arguments.map(shellQuote).joined(separator: " "))
    }
}
