// Sources/ConformanceSuite/SuiteRun.swift - The conformance use case: vectors × implementations → a report

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import IconLoadingArea
import ReportFormatting

/// Loads the vectors, makes the implementations (built-ins, an adapter), runs a `ConformanceSession` with the
/// icon-loading area as its resource, applies the known-failure lists, writes the lists asked for, and builds the
/// report. Printing the summary and writing the report's files are the caller's, and so is the process: a command
/// calls `ChildContainment.contain()` first, so that adapter processes end with the run (see `ChildContainment`).
public enum SuiteRun {
    /// How many judged cases must all have crashed before a run counts as "the adapter does not run". Fewer
    /// (`--run` naming one case an adapter crashes on) is a result: the crashes are graded.
    public static let everyCaseCrashedMinimum = 10

    public static func run(_ request: SuiteRequest, console: some RunConsole) -> SuiteOutcome {
        let vectorDirectory: VectorDirectory
        do {
            vectorDirectory = try VectorDirectory.load(directory: request.vectors)
        } catch {
            console.message("Error: vectors: " + vectorsProblem(request.vectors, error))
            return .stopped(.inputOutput)
        }
        do {
            _ = try IconLoadingVector.all(in: vectorDirectory.vectors)
        } catch {
            console.message("Error: vectors: \(error)")
            return .stopped(.inputOutput)
        }
        // Made and registered, and later removed and unregistered, as single steps: a signal in between would
        // leave it behind.
        guard let workDirectory = ChildContainment.makeRegisteredDirectory(RunEnvironment.makeWorkDirectory) else {
            console.message("Error: cannot create a temporary directory")
            return .stopped(.inputOutput)
        }
        defer { ChildContainment.removeRegistered(directory: workDirectory) }
        var filesystem = RunEnvironment.filesystem(of: workDirectory)
        if !RunEnvironment.supportsUserXattrs(workDirectory) {
            filesystem += " (no user xattrs: attribute cases cannot be set up)"
            console.message("warning: \(workDirectory) does not take user.* extended attributes; set TMPDIR")
        }
        let selection = BuiltInSelection.make(
            request.builtIns, limits: request.limits, referenceVersion: request.referenceVersion, serve: request.serve,
            console: console)
        let builtInFailed = selection.failed
        var implementations = selection.implementations
        if implementations.isEmpty && request.adapter == nil && !builtInFailed {
            console.message(
                "Error: nothing to test: none of the implementations asked for is installed here (see the notes above)")
            return .stopped(.adapterDoesNotRun)
        }
        if let words = request.adapter {
            switch AdapterStart.start(
                words, name: request.adapterName, limits: request.limits, serve: request.serve,
                workDirectory: workDirectory)
            {
            case .success(let adapter): implementations.append(adapter)
            case .failure(let problem):
                problem.tell(console)
                return .stopped(.adapterDoesNotRun)
            }
        }
        var session = ConformanceSession(
            vectors: vectorDirectory, filter: request.filter, jobs: request.jobs, workDirectory: workDirectory)
        session.iconLoading = BuiltInLocations.iconFixtureServer().map { IconLoadingConformance(serverScript: $0) }
        let progress = console.progress(implementations: implementations.map(\.info.name), unit: "case")
        let lists = KnownFailureFiles(request: request)
        let result: SessionResult
        var withoutList: Set<String> = []
        do {
            result = try session.run(
                implementations,
                knownFailures: { info throws(KnownFailureFiles.ListError) in
                    let (list, found) = try lists.list(for: info)
                    if !found { withoutList.insert(info.name) }
                    return list
                }, progress: progress)
        } catch {
            console.progressEnded()
            console.message("Error: \(error)")
            return .stopped(.inputOutput)
        }
        console.progressEnded()
        console.message(
            "ran \(result.caseCount) cases × \(implementations.count) implementations in "
                + String(format: "%.1f", result.seconds) + " s with \(request.jobs) jobs")
        if let problem = testedNothing(result, request: request) {
            console.message("Error: " + problem)
            return .stopped(.testedNothing)
        }
        if let adapter = result.runs.first(where: { $0.implementation.kind == "adapter" }),
            let problem = crashedEverywhere(adapter)
        {
            for line in problem { console.escapedMessage(line) }
            return .stopped(.adapterDoesNotRun)
        }
        let written: [String]
        switch lists.write(result.runs) {
        case .success(let lines): written = lines
        case .failure(let problem):
            console.message("Error: \(problem.text)")
            return .stopped(.inputOutput)
        }
        let provenance = Provenance.current(
            vectorDigest: vectorDirectory.digest, filesystem: filesystem, arguments: request.arguments)
        var report = ReportPaths(workDirectory: workDirectory).apply(
            to: ConformanceReport(
                provenance: provenance, runs: result.runs,
                requirements: RequirementResults.build(
                    runs: result.runs, vectors: vectorDirectory.manifest.vectors,
                    document: SpecificationFile.beside(vectorsDirectory: vectorDirectory.directory))))
        report.notInstalled = selection.notInstalled.isEmpty ? nil : selection.notInstalled
        return .completed(
            SuiteCompletion(
                report: report, result: result, builtInFailed: builtInFailed, withoutList: withoutList,
                writtenLists: written))
    }

    /// Why a run that completed tested nothing: the filter selected no case, or the adapter answers none of them.
    private static func testedNothing(_ result: SessionResult, request: SuiteRequest) -> String? {
        if result.caseCount == 0 {
            return "nothing to test: the filter (--area, --level, --run, --skip) selects no case of the "
                + "\(request.vectors) vectors; see 'xds conformance --help'"
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
