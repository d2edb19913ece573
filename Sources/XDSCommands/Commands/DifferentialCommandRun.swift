// Sources/XDSCommands/Commands/DifferentialCommandRun.swift - `xds differential` on a terminal: run, write, print

import ChildProcess
import ConformanceRunner
import Differential
import Foundation
import ReportFormatting

/// Runs the differential use case (`DifferentialRun`) with the checked options, writes its files, prints its summary.
struct DifferentialCommandRun {
    var options: DifferentialOptions

    func run() throws(CommandError) -> ExitStatus {
        // Adapter processes end with the run, also on SIGINT/SIGTERM/SIGHUP and when they left their group.
        ChildContainment.contain()
        defer { ChildContainment.sweepEscapees() }
        let request = DifferentialRequest(
            corpora: options.corpora, builtIns: options.builtIns,
            adapters: options.adapters.map { DifferentialRequest.Adapter(words: $0.words, name: $0.name) },
            sample: options.sample, limits: options.limits, jobs: options.jobs, serve: options.serve,
            suiteVersion: XDS.version,
            commandLine: (["xds"] + CommandLine.arguments.dropFirst()).map(shellQuote).joined(separator: " "))
        let report: DifferentialReport
        let corpus: Corpus
        switch DifferentialRun.run(request, console: TerminalRunConsole()) {
        case .stopped(.inputOutput): return .ioError
        case .stopped(.adapterDoesNotRun): return .adapterDoesNotRun
        case .stopped(.testedNothing): return .usage
        case .completed(let made, let read): (report, corpus) = (made, read)
        }
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
        return report.clusters.isEmpty ? .success : .rejected
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
