// Sources/XDSCommands/Commands/ReportCommand.swift - `xds report`: re-renders reports from their JSON source

import BenchReport
import ConformanceModel
import Foundation
import ReportFormatting
import Reporting

/// `xds report`: Re-renders conformance.md, conformance.html (and JUnit files) from conformance.json.
enum ReportCommand: Command {
    static let name = "report"
    static let abstract = "Re-renders reports from their JSON source"
    static let help = """
        OVERVIEW: Re-renders reports from their JSON source.

        Reads <in>/conformance.json and writes conformance.md and
        conformance.html into <out>; reads <in>/bench.json (when present)
        and writes bench.md. Each file is replaced atomically.

        USAGE: xds report [--in <dir>] [--out <dir>] [--vectors <dir>]
                          [--junit <implementation> ...] [--summary]

        OPTIONS:
          --in <dir>        Directory holding conformance.json (default: Reports).
          --out <dir>       Directory to write into (default: the --in directory).
          --vectors <dir>   Vectors root, to show vector bytes in the HTML
                            (default: Vectors, when that directory exists).
          --junit <name>    Also write junit-<name>.xml for that implementation;
                            may repeat.
          --summary         Print the summary table on standard output.
          -h, --help        Show help information.

        EXIT STATUS:
          0 written, 1 a JSON source is not a report, 64 usage error,
          74 a file could not be read or written.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let spec = ArgumentSpec(valueOptions: ["--in", "--out", "--vectors", "--junit"], flags: ["--summary"])
        let parsed: Arguments
        switch parseOrExit(arguments, spec: spec) {
        case .success(let arguments): parsed = arguments
        case .failure(let exit): return exit.status
        }
        let input = parsed.value("--in") ?? "Reports"
        let output = parsed.value("--out") ?? input
        var vectorsRoot = parsed.value("--vectors")
        var isDirectory: ObjCBool = false
        if vectorsRoot == nil, FileManager.default.fileExists(atPath: "Vectors", isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            vectorsRoot = "Vectors"
        }
        let hasConformance = FileManager.default.fileExists(atPath: input + "/" + ReportFiles.json)
        let hasBench = FileManager.default.fileExists(atPath: input + "/bench.json")
        guard hasConformance || hasBench else {
            Console.printError("xds report: no \(ReportFiles.json) or bench.json in \(input)")
            return .ioError
        }
        if hasBench {
            let status = renderBench(from: input, to: output)
            if status != .success || !hasConformance { return status }
        }
        let report: ConformanceReport
        do {
            report = try ReportFiles.read(from: input)
        } catch {
            Console.printError("xds report: \(error)")
            let unreadable = FileManager.default.contents(atPath: input + "/" + ReportFiles.json) == nil
            return unreadable ? .ioError : .rejected
        }
        let names = Set(report.runs.map(\.implementation.name))
        if let unknown = parsed.allValues("--junit").first(where: { !names.contains($0) }) {
            Console.printError("Error: no implementation named '\(unknown)' in \(input)/\(ReportFiles.json)")
            return .usage
        }
        do {
            let written = try ReportFiles.write(
                report, to: output, vectors: vectorsRoot.map { VectorLibrary(root: $0) },
                junitFor: parsed.allValues("--junit"), includeJSON: input != output)
            if parsed.has("--summary") { Console.printOut(ConformanceSummary.text(report), terminator: "") }
            for path in written { Console.printError("wrote \(path)") }
            return .success
        } catch {
            Console.printError("xds report: \(error)")
            return .ioError
        }
    }

    /// Re-renders bench.md (and copies bench.json when writing elsewhere).
    static func renderBench(from input: String, to output: String) -> ExitStatus {
        guard let data = FileManager.default.contents(atPath: input + "/bench.json") else {
            Console.printError("xds report: cannot read \(input)/bench.json")
            return .ioError
        }
        do {
            let report = try ReportJSON.decode(BenchReport.self, from: Array(data), path: input + "/bench.json")
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            if input != output { try AtomicFile.write(Array(data), to: output + "/bench.json") }
            try AtomicFile.write(Array(BenchRendering.markdown(report).utf8), to: output + "/bench.md")
            Console.printError("wrote \(output)/bench.md")
            return .success
        } catch let error as ReportError {
            Console.printError("xds report: \(error)")
            return error.message.hasPrefix("not a") ? .rejected : .ioError
        } catch {
            Console.printError("xds report: \(error)")
            return .ioError
        }
    }
}
