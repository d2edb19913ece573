// Sources/ConformanceSuite/SuiteOutcome.swift - How a conformance run ended, and what it tells as it goes

import ConformanceModel
import ConformanceRunner

/// Where a run's messages go while it runs: the caller prints them (standard error, for `xds conformance`).
public protocol SuiteConsole {
    /// One message line of the tool's own words, for the caller to escape once.
    func message(_ line: String)
    /// One message line already escaped by the one rule (it quotes report or adapter text): printed as it is.
    func escapedMessage(_ line: String)
    /// The run is about to start on these implementations: the progress callback for the session.
    func progress(implementations: [String]) -> @Sendable (RunProgress) -> Void
    /// The run has ended, before the next message (a progress line on a terminal is cleared).
    func progressEnded()
}

/// Why a run stopped before it had results to report; its lines went to the console.
public enum SuiteStop: Hashable, Sendable {
    /// The vectors, a known-failure list, a temporary directory or a written list: input or output failed.
    case inputOutput
    /// The adapter does not run, or none of the implementations asked for is installed.
    case adapterDoesNotRun
    /// The filter or the adapter's calls leave no case to run.
    case testedNothing
}

/// A run that has results.
public struct SuiteCompletion: Sendable {
    /// The report, with this machine's paths rewritten (`ReportPaths`).
    public var report: ConformanceReport
    public var result: SessionResult
    /// A built-in the run asked for (not an optional peer) could not be made.
    public var builtInFailed: Bool
    /// The implementations that ran without a known-failure list file.
    public var withoutList: Set<String>
    /// One line per known-failure list written (`SuiteRequest.writeKnownFailures`), naming the file.
    public var writtenLists: [String]
}

/// How a run ended.
public enum SuiteOutcome: Sendable {
    case stopped(SuiteStop)
    case completed(SuiteCompletion)
}
