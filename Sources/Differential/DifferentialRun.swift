// Sources/Differential/DifferentialRun.swift - The differential use case: corpora × implementations → clusters

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation

/// What one differential run is asked to do.
public struct DifferentialRequest: Sendable {
    /// An adapter under test: its command's words and its name in the report.
    public struct Adapter: Hashable, Sendable {
        public var words: [String]
        public var name: String

        public init(words: [String], name: String) {
            self.words = words
            self.name = name
        }
    }

    /// The corpus files and directories.
    public var corpora: [String]
    public var builtIns: [BuiltIn]
    public var adapters: [Adapter]
    /// Keeps this many inputs, chosen by digest, when the corpora hold more.
    public var sample: Int?
    public var limits: ProcessLimits
    public var jobs: Int
    /// Answer through `CMD serve` where an implementation declares it.
    public var serve: Bool
    /// The tool's version, for the report and the built-in reference.
    public var suiteVersion: String
    /// The command line as typed, for the report (its paths are made machine-neutral by `ReportPaths`).
    public var commandLine: String

    public init(
        corpora: [String], builtIns: [BuiltIn], adapters: [Adapter], sample: Int?, limits: ProcessLimits, jobs: Int,
        serve: Bool, suiteVersion: String, commandLine: String
    ) {
        self.corpora = corpora
        self.builtIns = builtIns
        self.adapters = adapters
        self.sample = sample
        self.limits = limits
        self.jobs = jobs
        self.serve = serve
        self.suiteVersion = suiteVersion
        self.commandLine = commandLine
    }
}

/// How a differential run ended.
public enum DifferentialOutcome: Sendable {
    /// Stopped before comparing anything; its lines went to the console.
    case stopped(RunStop)
    /// The report, and the corpus it was made from (for the candidate vectors).
    case completed(DifferentialReport, Corpus)
}

/// Reads the corpora, makes the implementations as `xds conformance` does, runs every `decode` call, clusters.
/// Printing the summary and writing the files are the caller's, and so is the process: a command calls
/// `ChildContainment.contain()` first (see `ChildContainment`).
public enum DifferentialRun {
    public static func run(_ request: DifferentialRequest, console: some RunConsole) -> DifferentialOutcome {
        var corpus: Corpus
        do {
            corpus = try Corpus.load(request.corpora)
        } catch {
            console.message("Error: corpus: \(error)")
            return .stopped(.inputOutput)
        }
        if let sample = request.sample, sample < corpus.inputs.count {
            corpus.inputs = corpus.inputs.sorted { $0.sha256 < $1.sha256 }.prefix(sample).sorted {
                ($0.bytes.count, $0.sha256) < ($1.bytes.count, $1.sha256)
            }
        }
        guard let workDirectory = ChildContainment.makeRegisteredDirectory(RunEnvironment.makeWorkDirectory) else {
            console.message("Error: cannot create a temporary directory")
            return .stopped(.inputOutput)
        }
        defer { ChildContainment.removeRegistered(directory: workDirectory) }
        let selection = BuiltInSelection.make(
            request.builtIns, limits: request.limits, referenceVersion: request.suiteVersion, serve: request.serve,
            console: console)
        if selection.failed { return .stopped(.inputOutput) }
        var implementations = selection.implementations
        for adapter in request.adapters {
            switch AdapterStart.start(
                adapter.words, name: adapter.name, limits: request.limits, serve: request.serve,
                workDirectory: workDirectory)
            {
            case .success(let implementation): implementations.append(implementation)
            case .failure(let problem):
                problem.tell(console)
                return .stopped(.adapterDoesNotRun)
            }
        }
        let decoding = implementations.filter { $0.supports(.decode) }
        if decoding.isEmpty && !request.builtIns.isEmpty && request.adapters.isEmpty {
            console.message(
                "Error: nothing to compare: none of the implementations asked for is installed here (see the notes above)"
            )
            return .stopped(.adapterDoesNotRun)
        }
        guard decoding.count >= 2 else {
            console.message(
                "Error: nothing to compare: \(decoding.count) implementation\(decoding.count == 1 ? "" : "s") with a"
                    + " 'decode' call; name at least two (--impl, --cmd)")
            return .stopped(.testedNothing)
        }
        let progress = console.progress(implementations: decoding.map(\.info.name), unit: "input")
        let started = Date()
        let table = DifferentialEngine(jobs: request.jobs).run(corpus.inputs, on: decoding, progress: progress)
        let seconds = Date().timeIntervalSince(started)
        console.progressEnded()
        let names = decoding.map(\.info.name)
        let clusters = Clustering.clusters(corpus.inputs, table, names: names)
        let disagreeing = clusters.reduce(0) { $0 + $1.size }
        let report = DifferentialReport(
            suiteVersion: request.suiteVersion, os: RunEnvironment.operatingSystem(), kernel: RunEnvironment.kernel(),
            date: RunEnvironment.now(), command: ReportPaths(workDirectory: workDirectory).command(request.commandLine),
            corpora: request.corpora,
            implementations: decoding.map {
                DifferentialImplementation(
                    name: $0.info.name, title: $0.info.title, version: $0.info.version, kind: $0.info.kind)
            }, notInstalled: selection.notInstalled.isEmpty ? nil : selection.notInstalled, files: corpus.fileCount,
            inputs: corpus.inputs.count, agreed: corpus.inputs.count - disagreeing,
            calls: corpus.inputs.count * decoding.count, jobs: request.jobs, seconds: seconds, clusters: clusters)
        return .completed(report, corpus)
    }
}
