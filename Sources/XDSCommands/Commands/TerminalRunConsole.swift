// Sources/XDSCommands/Commands/TerminalRunConsole.swift - A use case's messages and progress on standard error

import ConformanceRunner

#if canImport(Glibc)
    import Glibc
#endif

/// A run's messages on standard error, and its progress there (redrawn in place on a terminal, lines in a log).
final class TerminalRunConsole: RunConsole {
    private var shown: ConformanceProgress?

    func message(_ line: String) { Console.printError(line) }

    func escapedMessage(_ line: String) { Console.printEscapedError(line) }

    func progress(implementations: [String], unit: String) -> @Sendable (RunProgress) -> Void {
        let progress = ConformanceProgress(terminal: isatty(2) == 1, names: implementations, unit: unit)
        shown = progress
        return progress.report
    }

    func progressEnded() { shown?.clear() }
}
