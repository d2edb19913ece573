// Sources/XDSCommands/Commands/DifferentialCommandRun.swift - `xds differential` on a terminal: load, run, write

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import ConformanceSuite
import Differential
import Foundation
import ReportFormatting

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the corpora, builds the implementations as `xds conformance` does, runs every call, clusters, writes.
struct DifferentialCommandRun {
    var options: DifferentialOptions

    func run() throws(CommandError) -> ExitStatus {
        ChildContainment.contain()
        defer { ChildContainment.sweepEscapees() }
        var corpus: Corpus
        do {
            corpus = try Corpus.load(options.corpora)
        } catch {
            Console.printError("Error: corpus: \(error)")
            return .ioError
        }
        if let sample = options.sample, sample < corpus.inputs.count {
            corpus.inputs = corpus.inputs.sorted { $0.sha256 < $1.sha256 }.prefix(sample).sorted {
                ($0.bytes.count, $0.sha256) < ($1.bytes.count, $1.sha256)
            }
        }
        guard let workDirectory = ChildContainment.makeRegisteredDirectory(RunEnvironment.makeWorkDirectory) else {
            Console.printError("Error: cannot create a temporary directory")
            return .ioError
        }
        defer { ChildContainment.removeRegistered(directory: workDirectory) }
        var implementations: [any Implementation] = []
        var notInstalled: [NotInstalledImplementation] = []
        let locations = BuiltInLocations.discover()
        for builtIn in options.builtIns {
            switch builtIn.make(
                locations, limits: options.limits, referenceVersion: XDS.version, serve: options.serve)
            {
            case .success(let implementation): implementations.append(implementation)
            case .failure(let error) where BuiltIn.peers.contains(builtIn):
                Console.printError("note: \(error.message)")
                notInstalled.append(NotInstalledImplementation(name: builtIn.rawValue, reason: error.message))
            case .failure(let error):
                Console.printError("Error: built-in \(error.message)")
                return .ioError
            }
        }
        for adapter in options.adapters {
            switch AdapterStart.start(
                adapter.words, name: adapter.name, limits: options.limits, serve: options.serve,
                workDirectory: workDirectory)
            {
            case .success(let implementation): implementations.append(implementation)
            case .failure(let problem):
                for line in problem.lines { Console.printError((line == problem.lines.first ? "Error: " : "") + line) }
                return .adapterDoesNotRun
            }
        }
        let decoding = implementations.filter { $0.supports(.decode) }
        if decoding.isEmpty && !options.builtIns.isEmpty && options.adapters.isEmpty {
            Console.printError(
                "Error: nothing to compare: none of the implementations asked for is installed here (see the notes above)"
            )
            return .adapterDoesNotRun
        }
        guard decoding.count >= 2 else {
            Console.printError(
                "Error: nothing to compare: \(decoding.count) implementation\(decoding.count == 1 ? "" : "s") with a"
                    + " 'decode' call; name at least two (--impl, --cmd)")
            return .usage
        }
        let progress = ConformanceProgress(terminal: isatty(2) == 1, names: decoding.map(\.info.name), unit: "input")
        let started = Date()
        let table = DifferentialEngine(jobs: options.jobs).run(corpus.inputs, on: decoding, progress: progress.report)
        let seconds = Date().timeIntervalSince(started)
        progress.clear()
        let names = decoding.map(\.info.name)
        let clusters = Clustering.clusters(corpus.inputs, table, names: names)
        let disagreeing = clusters.reduce(0) { $0 + $1.size }
        let report = DifferentialReport(
            suiteVersion: XDS.version, os: RunEnvironment.operatingSystem(), kernel: RunEnvironment.kernel(),
            date: RunEnvironment.now(),
            command: ReportPaths(workDirectory: workDirectory).command(
                (["xds"] + CommandLine.arguments.dropFirst()).map(shellQuote).joined(separator: " ")),
            corpora: options.corpora,
            implementations: decoding.map {
                DifferentialImplementation(
                    name: $0.info.name, title: $0.info.title, version: $0.info.version, kind: $0.info.kind)
            }, notInstalled: notInstalled.isEmpty ? nil : notInstalled, files: corpus.fileCount,
            inputs: corpus.inputs.count, agreed: corpus.inputs.count - disagreeing,
            calls: corpus.inputs.count * decoding.count, jobs: options.jobs, seconds: seconds, clusters: clusters)
        do {
            try write(report, corpus: corpus)
        } catch {
            Console.printError("Error: \(error)")
            return .ioError
        }
        do {
            if options.json {
                try Console.writeOut(ReportJSON.encode(report))
            } else {
                for line in Self.summary(report) { try Console.printLine(line) }
            }
        } catch {
            throw CommandError(error)
        }
        return clusters.isEmpty ? .success : .rejected
    }

    private func write(_ report: DifferentialReport, corpus: Corpus) throws(ReportError) {
        if let out = options.out { try DifferentialFiles.write(report, to: out) }
        if let directory = options.candidates {
            let wanted = Set(report.clusters.map(\.representative.sha256))
            var bytes: [String: [UInt8]] = [:]
            for input in corpus.inputs where wanted.contains(input.sha256) { bytes[input.sha256] = input.bytes }
            try CandidateVectors.write(report.clusters, inputs: bytes, to: directory)
        }
    }

    /// The terminal summary: the run, then one line per cluster (ids, sizes and names come from files and
    /// adapters: each line is escaped when printed).
    static func summary(_ report: DifferentialReport) -> [String] {
        var lines = [
            "\(report.files) files, \(report.inputs) distinct inputs × \(report.implementations.count) implementations: "
                + "\(report.calls) calls in " + String(format: "%.1f", report.seconds) + " s with \(report.jobs) jobs",
            "\(report.agreed) inputs agreed everywhere; \(report.inputs - report.agreed) disagree, in "
                + "\(report.clusters.count) cluster\(report.clusters.count == 1 ? "" : "s")",
        ]
        for cluster in report.clusters {
            lines.append(
                "\(cluster.id)  \(cluster.size) input\(cluster.size == 1 ? "" : "s"), smallest "
                    + "\(cluster.representative.size) bytes: \(cluster.signature)")
        }
        return lines
    }
}
