// Sources/XDSCommands/Commands/ConformanceOutput.swift - Writes the report and its renderings (Reporting module)

import ConformanceModel
import ReportFormatting
import Reporting

/// The files a run writes.
enum ConformanceOutput {
    /// The report JSON, as `Reports/conformance.json` holds it.
    static func json(_ report: ConformanceReport) -> [UInt8] { ConformanceJSON.encode(report) }

    /// Writes `--out DIR` (JSON, Markdown, HTML, JUnit for each adapter) and the single files asked for.
    /// - Returns: a message naming the first file that could not be written, or nil.
    static func write(_ report: ConformanceReport, options: ConformanceOptions) -> String? {
        let library = VectorLibrary(root: options.vectors)
        let adapters = report.runs.filter { $0.implementation.kind == "adapter" }
        do {
            if let out = options.out {
                try ReportFiles.write(
                    report, to: out, vectors: library, junitFor: adapters.map(\.implementation.name))
            }
            if let path = options.markdown { try ReportFiles.writeMarkdown(report, to: path) }
            if let path = options.html { try ReportFiles.writeHTML(report, to: path, vectors: library) }
            if let path = options.junit {
                // JUnit is for the implementation under test: the adapter, else the only implementation run.
                guard let run = adapters.first ?? (report.runs.count == 1 ? report.runs.first : nil) else {
                    return "--junit: name one implementation under test (--cmd or a single --impl)"
                }
                try AtomicFile.write(
                    Array(JUnitXML.render(run, provenance: report.provenance).utf8), to: path)
            }
        } catch {
            return "\(error)"
        }
        return nil
    }
}
