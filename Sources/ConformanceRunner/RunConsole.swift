// Sources/ConformanceRunner/RunConsole.swift - Where a run's messages and progress go while it runs

/// Where a run's messages go while it runs (`xds conformance`, `xds differential`): the caller prints them, on
/// standard error for the commands.
public protocol RunConsole {
    /// One message line of the tool's own words, for the caller to escape once.
    func message(_ line: String)
    /// One message line already escaped by the one rule (it quotes report or adapter text): printed as it is.
    func escapedMessage(_ line: String)
    /// The run is about to start on these implementations, each running `unit`s (`case`, `input`): the progress
    /// callback for the run.
    func progress(implementations: [String], unit: String) -> @Sendable (RunProgress) -> Void
    /// The run has ended, before the next message (a progress line on a terminal is cleared).
    func progressEnded()
}

/// Why a run stopped before it had results to report; its lines went to the console.
public enum RunStop: Hashable, Sendable {
    /// The inputs (vectors, corpora, a known-failure list), a temporary directory, a built-in or a written list:
    /// input or output failed.
    case inputOutput
    /// The adapter does not run, or none of the implementations asked for is installed.
    case adapterDoesNotRun
    /// The filter or the implementations' calls leave nothing to run or compare.
    case testedNothing
}
