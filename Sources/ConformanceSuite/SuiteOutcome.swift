// Sources/ConformanceSuite/SuiteOutcome.swift - How a conformance run ended

import ConformanceModel
import ConformanceRunner

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
    case stopped(RunStop)
    case completed(SuiteCompletion)
}
