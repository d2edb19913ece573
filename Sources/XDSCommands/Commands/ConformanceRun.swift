// Sources/XDSCommands/Commands/ConformanceRun.swift - `xds conformance` on a terminal: build, run, print, write

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import IconLoadingArea
import ReportFormatting
import Reporting

#if canImport(Glibc)
    import Glibc
#endif

/// Loads the vectors, builds the implementations, runs a `ConformanceSession`, writes reports, prints.
struct ConformanceRun {
    var options: ConformanceOptions

    func run() throws(CommandError) -> ExitStatus {
        // Adapter processes end with the run, also on SIGINT/SIGTERM/SIGHUP and when they left their group.
        ChildContainment.contain()
        defer { ChildContainment.sweepEscapees() }
        let vectorDirectory: VectorDirectory
        do {
            vectorDirectory = try VectorDirectory.load(directory: options.vectors)
        } catch {
            Console.printError("Error: vectors: " + Self.vectorsProblem(options.vectors, error))
            return .ioError
        }
        do {
            _ = try IconLoadingVector.all(in: vectorDirectory.vectors)
        } catch {
            Console.printError("Error: vectors: \(error)")
            return .ioError
        }
        // Made and registered, and later removed and unregistered, as single steps: a signal in between would
        // leave it behind.
        guard let workDirectory = ChildContainment.makeRegisteredDirectory(RunEnvironment.makeWorkDirectory) else {
            Console.printError("Error: cannot create a temporary directory")
            return .ioError
        }
        defer { ChildContainment.removeRegistered(directory: workDirectory) }
        var filesystem = RunEnvironment.filesystem(of: workDirectory)
        if !RunEnvironment.supportsUserXattrs(workDirectory) {
            filesystem += " (no user xattrs: attribute cases cannot be set up)"
            Console.printError("warning: \(workDirectory) does not take user.* extended attributes; set TMPDIR")
        }
        var status = ExitStatus.success
        var implementations: [any Implementation] = []
        var notInstalled: [NotInstalledImplementation] = []
        let locations = BuiltInLocations.discover()
        for builtIn in options.builtIns {
            switch builtIn.make(
                locations, limits: options.limits, referenceVersion: XDS.version, serve: options.serve)
            {
            case .success(let implementation): implementations.append(implementation)
            case .failure(let error) where BuiltIn.peers.contains(builtIn):
                // Optional peers are listed as not installed, never a failure.
                // Probe messages quote the peer's output as report text, escaped once already.
                Console.printEscapedError("note: \(error.message)")
                notInstalled.append(NotInstalledImplementation(name: builtIn.rawValue, reason: error.message))
            case .failure(let error):
                Console.printEscapedError("Error: built-in \(error.message)")
                status = .ioError
            }
        }
        if implementations.isEmpty && options.adapter == nil && status == .success {
            Console.printError(
                "Error: nothing to test: none of the implementations asked for is installed here (see the notes above)")
            return .adapterDoesNotRun
        }
        if let words = options.adapter {
            switch Self.startAdapter(
                words, name: options.adapterName, limits: options.limits, serve: options.serve,
                workDirectory: workDirectory)
            {
            case .success(let adapter): implementations.append(adapter)
            case .failure(let problem):
                for line in problem.lines { Console.printError((line == problem.lines.first ? "Error: " : "") + line) }
                return .adapterDoesNotRun
            }
        }
        var session = ConformanceSession(
            vectors: vectorDirectory, filter: options.filter, jobs: options.jobs, workDirectory: workDirectory)
        session.iconLoading = BuiltInLocations.iconFixtureServer().map { IconLoadingConformance(serverScript: $0) }
        let progress = ConformanceProgress(terminal: isatty(2) == 1, names: implementations.map(\.info.name))
        let result: SessionResult
        var withoutList: Set<String> = []
        do {
            result = try session.run(
                implementations,
                knownFailures: { info throws(ListError) in
                    let (list, found) = try knownFailures(for: info)
                    if !found { withoutList.insert(info.name) }
                    return list
                }, progress: progress.report)
        } catch {
            progress.clear()
            Console.printError("Error: \(error)")
            return .ioError
        }
        progress.clear()
        Console.printError(
            "ran \(result.caseCount) cases × \(implementations.count) implementations in "
                + String(format: "%.1f", result.seconds) + " s with \(options.jobs) jobs")
        if let problem = Self.testedNothing(result, options: options) {
            Console.printError("Error: " + problem)
            return .usage
        }
        if let adapter = result.runs.first(where: { $0.implementation.kind == "adapter" }),
            let problem = Self.crashedEverywhere(adapter)
        {
            for line in problem { Console.printEscapedError(line) }
            return .adapterDoesNotRun
        }
        var written: [String] = []
        if let path = options.writeKnownFailures {
            for run in result.runs {
                let target = path.replacingOccurrences(of: "{impl}", with: run.implementation.name)
                let text = KnownFailures.render(run.results, implementation: run.implementation.name)
                guard FileManager.default.createFile(atPath: target, contents: Data(text.utf8)) else {
                    Console.printError("Error: cannot write the known-failure list \(target)")
                    return .ioError
                }
                let entries = run.results.filter(\.outcome.isDeviation).count
                written.append(
                    "wrote \(entries) \(entries == 1 ? "entry" : "entries") to \(target); review them, then run with"
                        + " --known-failures \(shellQuote(target))")
            }
        }
        let provenance = Provenance.current(
            vectorDigest: vectorDirectory.digest, filesystem: filesystem,
            arguments: ["xds"] + CommandLine.arguments.dropFirst())
        var report = ReportPaths(workDirectory: workDirectory).apply(
            to: ConformanceReport(
                provenance: provenance, runs: result.runs,
                requirements: RequirementResults.build(
                    runs: result.runs, vectors: vectorDirectory.manifest.vectors,
                    document: SpecificationFile.beside(vectorsDirectory: vectorDirectory.directory))))
        report.notInstalled = notInstalled.isEmpty ? nil : notInstalled
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
        if options.writeKnownFailures != nil {
            // The run's purpose was the list: its deviations are in it, to be reviewed, not a failure.
            for line in written { Console.printError(line) }
            return status
        }
        for line in result.failureLines { Console.printEscapedError(line) }
        for check in result.checks where !check.check.isClean && withoutList.contains(check.name) {
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
        if status == .success && result.failed { status = .rejected }
        return status
    }

    /// The list for `implementation`: `--known-failures` for the adapter or the single built-in, else the
    /// built-in's committed list in the known-failures directory, else empty.
    /// - Returns: the list, and whether a list file was found.
    private func knownFailures(for implementation: ImplementationInfo) throws(ListError) -> (KnownFailures, Bool) {
        var path: String?
        if let given = options.knownFailures, implementation.kind == "adapter" || options.adapter == nil {
            path = given
        } else if implementation.kind == "built-in" {
            let directory = options.knownFailuresDirectory ?? BuiltInLocations.knownFailuresDirectory()
            path = directory.map { $0 + "/" + implementation.name + ".txt" }
            if let candidate = path, !FileManager.default.fileExists(atPath: candidate) { path = nil }
        }
        guard let path else { return (KnownFailures(), false) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ListError(text: "\(path): unreadable")
        }
        do {
            return (try KnownFailures.parse(String(decoding: data, as: UTF8.self)), true)
        } catch {
            throw ListError(text: "\(path): \(error)")
        }
    }

    struct ListError: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    /// Resolves the adapter command, asks its capabilities and version, and makes one trivial call per call
    /// (`xds differential` starts its adapters the same way).
    /// - Parameter serve: answer through `CMD serve` when the adapter declares `serve`.
    static func startAdapter(
        _ words: [String], name: String, limits: ProcessLimits, serve: Bool, workDirectory: String
    ) -> Result<ProcessImplementation, AdapterStartProblem> {
        let directory = FileManager.default.currentDirectoryPath
        let command: AdapterCommand
        do {
            command = try AdapterCommand.resolve(
                words, in: directory, searchPath: ProcessInfo.processInfo.environment["PATH"])
        } catch {
            return .failure(
                AdapterStartProblem(lines: [
                    "the adapter does not run: \(error.message)",
                    "  Nothing was tested, so no known-failure list is written.",
                ]))
        }
        let capabilities: [String]
        let serves: Bool
        switch AdapterPreflight.capabilities(command.resolved, limits: limits) {
        case .success(let answer): (capabilities, serves) = answer
        case .failure(let problem): return .failure(AdapterStartProblem(lines: problem.lines))
        }
        guard !capabilities.isEmpty else {
            return .failure(
                AdapterStartProblem(lines: [
                    "the adapter does not run: `\(words.map(shellQuote).joined(separator: " ")) capabilities` names"
                        + " none of the calls (\(AdapterCall.allCases.map(\.rawValue).joined(separator: ", ")))",
                    "  Nothing was tested, so no known-failure list is written.",
                ]))
        }
        let version = ProcessImplementation.probeVersion(command.resolved, limits: limits) ?? "unknown"
        var info = ImplementationInfo(
            name: name, title: name, version: version, kind: "adapter",
            command: command.resolved.map(shellQuote).joined(separator: " "), capabilities: capabilities)
        info.typedCommand = command.typed.map(shellQuote).joined(separator: " ")
        info.directory = command.directory
        let implementation = ProcessImplementation(
            info: info, command: command.resolved, limits: limits, serve: serve && serves)
        if let problem = AdapterPreflight.trivialCalls(implementation, workDirectory: workDirectory) {
            return .failure(AdapterStartProblem(lines: problem.lines))
        }
        return .success(implementation)
    }

    struct AdapterStartProblem: Error {
        var lines: [String]
    }

    /// Why a run that completed tested nothing: the filter selected no case, or the adapter answers none of them.
    private static func testedNothing(_ result: SessionResult, options: ConformanceOptions) -> String? {
        if result.caseCount == 0 {
            return "nothing to test: the filter (--area, --level, --run, --skip) selects no case of the "
                + "\(options.vectors) vectors; see 'xds conformance --help'"
        }
        if let adapter = result.runs.first(where: { $0.implementation.kind == "adapter" }),
            adapter.results.allSatisfy({ $0.outcome == .notApplicable })
        {
            return
                "nothing to test: the adapter declares only \(adapter.implementation.capabilities.joined(separator: ", ")),"
                + " and none of the selected cases uses those calls"
        }
        return nil
    }

    /// How many judged cases must all have crashed before a run counts as "the adapter does not run". Fewer
    /// (`--run` naming one case an adapter crashes on) is a result: the crashes are graded, exit 1.
    static let everyCaseCrashedMinimum = 10

    /// The lines saying the adapter does not run, when every one of at least `everyCaseCrashedMinimum` cases
    /// it was given crashed; else nil. Already escaped (the crash cause is report text): printed as they are.
    private static func crashedEverywhere(_ run: ImplementationRun) -> [String]? {
        let judged = run.results.filter { $0.outcome != .notApplicable }
        guard let first = judged.first, judged.count >= everyCaseCrashedMinimum,
            judged.allSatisfy({ $0.outcome == .crash })
        else { return nil }
        return [
            "Error: the adapter does not run: every one of its \(judged.count) cases crashed, the first ("
                + "\(TerminalText.escaped(first.caseID))) with \(SessionResult.crashCause(first))",
            "  Nothing was tested, so no known-failure list is written. Try the adapter by hand in a shell;",
            "  'xds help adapter' has the protocol.",
        ]
    }

    /// The vector set's problem in the tool's words: no such directory, no manifest, or the loader's account.
    private static func vectorsProblem(_ directory: String, _ error: VectorDirectoryError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "\(directory): no such directory; name the suite's Vectors directory with --vectors DIR"
        }
        guard FileManager.default.fileExists(atPath: directory + "/manifest.json") else {
            return "\(directory) has no manifest.json, so it is not a vector set (Docs/vectors.md);"
                + " name the suite's Vectors directory with --vectors DIR"
        }
        return error.description
    }
}
