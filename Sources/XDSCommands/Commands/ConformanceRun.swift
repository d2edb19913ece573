// Sources/XDSCommands/Commands/ConformanceRun.swift - `xds conformance` on a terminal: run, print, write

import ChildProcess
import ConformanceModel
import ConformanceRunner
import ConformanceSuite
import Foundation
import Reporting

/// Runs the conformance use case (`SuiteRun`) with the checked options, prints its messages and summary on the
/// terminal, writes the report's files, and says the exit status.
struct ConformanceRun {
    var options: ConformanceOptions

    func run() throws(CommandError) -> ExitStatus {
        // Adapter processes end with the run, also on SIGINT/SIGTERM/SIGHUP and when they left their group.
        ChildContainment.contain()
        defer { ChildContainment.sweepEscapees() }
        let request = SuiteRequest(
            vectors: options.vectors, builtIns: options.builtIns, adapter: options.adapter,
            adapterName: options.adapterName, filter: options.filter, knownFailures: options.knownFailures,
            knownFailuresDirectory: options.knownFailuresDirectory, writeKnownFailures: options.writeKnownFailures,
            limits: options.limits, jobs: options.jobs, serve: options.serve, referenceVersion: XDS.version,
            arguments: ["xds"] + CommandLine.arguments.dropFirst())
        let completion: SuiteCompletion
        switch SuiteRun.run(request, console: TerminalRunConsole()) {
        case .stopped(.inputOutput): return .ioError
        case .stopped(.adapterDoesNotRun): return .adapterDoesNotRun
        case .stopped(.testedNothing): return .usage
        case .completed(let completed): completion = completed
        }
        let report = completion.report
        let result = completion.result
        if let failure = ConformanceOutput.write(report, options: options) {
            Console.printError("Error: \(failure)")
            return .ioError
        }
        do {
            if options.json {
                try Console.writeOut(ConformanceOutput.json(report) + [10])
            } else {
                // Implementation names come from the command line and adapters: each line escaped.
                for line in ConformanceSummary.lines(report) { try Console.printLine(line) }
            }
        } catch {
            throw CommandError(error)
        }
        let policyCounts = result.runs.filter { $0.policyVerdictCount > 0 }
        if !policyCounts.isEmpty {
            Console.printError(
                "verdicts resting on the exception policy (Docs/conformance.md): "
                    + policyCounts.map { "\($0.implementation.name) \($0.policyVerdictCount)" }.joined(separator: ", "))
        }
        let status = completion.builtInFailed ? ExitStatus.ioError : .success
        if options.writeKnownFailures != nil {
            // The run's purpose was the list: its deviations are in it, to be reviewed, not a failure.
            for line in completion.writtenLists { Console.printError(line) }
            return status
        }
        for line in result.failureLines { Console.printEscapedError(line) }
        for check in result.checks where !check.check.isClean && completion.withoutList.contains(check.name) {
            // One message per line: a joined text would print its line breaks escaped, as `\x0A`.
            let isAdapter = result.runs.contains {
                $0.implementation.name == check.name && $0.implementation.kind == "adapter"
            }
            for line in FirstRunHint.lines(
                implementation: check.name, isAdapter: isAdapter, arguments: CommandLine.arguments)
            {
                Console.printError(line)
            }
        }
        return status == .success && result.failed ? .rejected : status
    }
}
