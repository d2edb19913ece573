// Sources/XDSCommands/Commands/ReportCommand.swift - `xds report`: re-renders reports from their JSON source

import ConformanceModel
import Differential
import Foundation
import ReportFormatting
import Reporting

/// `xds report`: Re-renders conformance.md, conformance.html (and JUnit files) from conformance.json, bench.md and
/// bench.png from bench.json, fuzz-coverage-time.png from fuzz.json, differential.md (with its pages) and
/// differential.html from differential.json.
enum ReportCommand: Command {
    static let name = "report"
    static let abstract = "Re-renders reports from their JSON source"
    static let help = """
        OVERVIEW: Re-renders reports from their JSON source.

        Reads <in>/conformance.json and writes conformance.md (with a
        conformance-<implementation>.md each), conformance.html (with a
        conformance-<area>.html each) and matrix.png into <out>; reads
        <in>/bench.json (when present) and writes bench.md and bench.png;
        reads <in>/fuzz.json (when present) and writes fuzz-coverage-time.png
        (when it records coverage over time); reads <in>/differential.json
        (when present) and writes differential.md (with its pages past 100
        clusters) and differential.html. Each file is replaced atomically.

        USAGE: xds report [--in <dir>] [--out <dir>] [--vectors <dir>]
                          [--junit <implementation> ...] [--summary]
                          [--only conformance|bench|fuzz|differential ...]

        OPTIONS:
          --in <dir>        Directory holding conformance.json (default: Reports).
          --out <dir>       Directory to write into (default: the --in directory).
          --vectors <dir>   Vectors root, to show vector bytes, descriptions and
                            links in the HTML and fill hazards an older report
                            lacks (default: Vectors, when that directory exists).
          --junit <name>    Also write junit-<name>.xml for that implementation;
                            may repeat.
          --summary         Print the summary table on standard output.
          --only <report>   Render only this report (conformance, bench, fuzz or
                            differential); may repeat. make fuzz-report uses
                            --only fuzz.
          -h, --help        Show help information.

        EXIT STATUS:
          0 written, 1 a JSON source is not a report, 64 usage error,
          74 a file could not be read or written.
        """

    static let spec = ArgumentSpec(
        valueOptions: ["--junit", "--only"], pathOptions: ["--in", "--out", "--vectors"], flags: ["--summary"])

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let paths: (input: String?, output: String?, vectors: String?)
        do {
            paths = (try parsed.utf8Path("--in"), try parsed.utf8Path("--out"), try parsed.utf8Path("--vectors"))
        } catch {
            throw usage(error.message)
        }
        let input = paths.input ?? "Reports"
        let output = paths.output ?? input
        var vectorsRoot = paths.vectors
        var isDirectory: ObjCBool = false
        if vectorsRoot == nil, FileManager.default.fileExists(atPath: "Vectors", isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            vectorsRoot = "Vectors"
        }
        let only = Set(parsed.allValues("--only"))
        if let unknown = only.first(where: { !["conformance", "bench", "fuzz", "differential"].contains($0) }) {
            throw usage("--only takes conformance, bench, fuzz or differential, not '\(unknown)'")
        }
        func present(_ kind: String, _ file: String) -> Bool {
            (only.isEmpty || only.contains(kind)) && FileManager.default.fileExists(atPath: input + "/" + file)
        }
        let hasConformance = present("conformance", ReportFiles.json)
        let hasBench = present("bench", "bench.json")
        let hasFuzz = present("fuzz", FuzzCoverageReport.fileName)
        let hasDifferential = present("differential", DifferentialFiles.json)
        guard hasConformance || hasBench || hasFuzz || hasDifferential else {
            throw CommandError(
                .inputOutput,
                "no \(ReportFiles.json), bench.json, \(FuzzCoverageReport.fileName) or \(DifferentialFiles.json) to "
                    + "render in \(input)")
        }
        if hasBench { try renderBench(from: input, to: output) }
        if hasFuzz { try FuzzCoverageReport.render(from: input, to: output) }
        if hasDifferential {
            do {
                for path in try DifferentialFiles.render(from: input, to: output) {
                    Console.printError("wrote \(path)")
                }
            } catch {
                throw Self.error(error)
            }
        }
        if !hasConformance { return .success }
        let report: ConformanceReport
        do {
            report = try ReportFiles.read(from: input)
        } catch {
            throw Self.error(error)
        }
        let names = Set(report.runs.map(\.implementation.name))
        if let unknown = parsed.allValues("--junit").first(where: { !names.contains($0) }) {
            throw usage("no implementation named '\(unknown)' in \(input)/\(ReportFiles.json)")
        }
        let written: [String]
        do {
            written = try ReportFiles.write(
                report, to: output, vectors: vectorsRoot.map { VectorLibrary(root: $0) },
                junitFor: parsed.allValues("--junit"), includeJSON: input != output)
        } catch {
            throw Self.error(error)
        }
        if parsed.has("--summary") {
            // The report is input like any other: each line of the summary escaped.
            for line in ConformanceSummary.lines(report) { try printLine(line) }
        }
        for path in written { Console.printError("wrote \(path)") }
        return .success
    }

    /// A report that is not one is a rejection (1); one that cannot be read or written is I/O (74).
    private static func error(_ error: any Error) -> CommandError {
        guard let error = error as? ReportError else { return CommandError(.inputOutput, "\(error)") }
        return CommandError(error.isNotAReport ? .rejected : .inputOutput, "\(error)")
    }

    /// Re-renders bench.md (and copies bench.json when writing elsewhere).
    static func renderBench(from input: String, to output: String) throws(CommandError) {
        guard let data = FileManager.default.contents(atPath: input + "/bench.json") else {
            throw CommandError(.inputOutput, "cannot read \(input)/bench.json")
        }
        do {
            let report = try ReportJSON.decode(BenchReport.self, from: Array(data), path: input + "/bench.json")
            try AtomicFile.makeDirectory(output)
            if input != output { try AtomicFile.write(Array(data), to: output + "/bench.json") }
            try AtomicFile.write(Array(BenchRendering.markdown(report).utf8), to: output + "/bench.md")
            try AtomicFile.write(BenchPlot.png(report), to: output + "/" + BenchPlot.fileName)
        } catch {
            throw Self.error(error)
        }
        Console.printError("wrote \(output)/bench.md")
        Console.printError("wrote \(output)/\(BenchPlot.fileName)")
    }
}
