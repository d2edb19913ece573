// Sources/XDSCommands/Commands/FuzzCoverageFiles.swift - `xds report --only fuzz`: fuzz.json in, the plot out

import Foundation
import ReportFormatting
import Reporting

extension FuzzCoverageReport {
    /// Reads `<input>/fuzz.json` and writes `<output>/fuzz-coverage-time.png`, unless no target recorded its
    /// coverage over time (a report from before fuzz.sh sampled it).
    static func render(from input: String, to output: String) throws(CommandError) {
        let path = input + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError(.inputOutput, "cannot read \(path)")
        }
        do {
            let report = try ReportJSON.decode(FuzzCoverageReport.self, from: Array(data), path: path)
            guard !report.plot.series.isEmpty else {
                Console.printError("\(path) records no coverage over time: \(pictureName) not written")
                return
            }
            try AtomicFile.makeDirectory(output)
            try AtomicFile.write(LinePlotPNG.render(report.plot), to: output + "/" + pictureName)
        } catch let error as ReportError {
            throw CommandError(error.isNotAReport ? .rejected : .inputOutput, "\(error)")
        } catch {
            throw CommandError(.inputOutput, "\(error)")
        }
        Console.printError("wrote \(output)/\(pictureName)")
    }
}
