// Sources/XDSCommands/Commands/FuzzCoveragePlot.swift - fuzz-coverage-time.png: edges against seconds per target

import Foundation
import ReportFormatting
import Reporting

/// What `xds report --only fuzz` reads of `Reports/fuzz.json` (written by FuzzTesting/fuzz-report.py) and the plot
/// it draws from it: for each target of the last campaign, the edges covered against the seconds since that
/// target started (each target runs alone, one after the other).
struct FuzzCoverageReport: Decodable, Hashable, Sendable {
    struct Provenance: Decodable, Hashable, Sendable {
        var command: String?
        var commit: String?
        var date: String?
    }

    struct Target: Decodable, Hashable, Sendable {
        var target: String
        var jobs: Int?
        /// `[seconds, edges]` pairs in time order; absent in a report from before it was recorded.
        var coverageOverTime: [[Int]]?

        enum CodingKeys: String, CodingKey {
            case target, jobs
            case coverageOverTime = "coverage_over_time"
        }
    }

    var provenance: Provenance?
    var targets: [Target]

    static let fileName = "fuzz.json"
    static let pictureName = "fuzz-coverage-time.png"

    /// The plot: one series per target that recorded its coverage over time.
    var plot: LinePlot {
        let series = targets.compactMap { target -> LinePlot.Series? in
            let points = (target.coverageOverTime ?? []).filter { $0.count == 2 }
                .map { LinePlot.Point(x: Double($0[0]), y: Double($0[1])) }
            return points.isEmpty ? nil : LinePlot.Series(name: target.target, points: points)
        }
        let points = series.flatMap(\.points)
        let seconds = points.map(\.x).max() ?? 60
        let edges = points.map(\.y)
        let jobs = Set(targets.compactMap(\.jobs)).sorted().map(String.init).joined(separator: "/")
        return LinePlot(
            title: "Fuzzing: edges covered over the last campaign, per target",
            x: LinePlot.Axis(
                title: "seconds since the target's run started", scale: .linear,
                ticks: LinePlot.linearTicks(to: seconds) { "\(Int($0)) s" }),
            y: LinePlot.Axis(
                title: "edges covered (control-flow edges)", scale: .linear,
                ticks: LinePlot.linearTicks(from: edges.min() ?? 0, to: edges.max() ?? 1) { "\(Int($0))" }),
            series: series,
            footer: [
                "The most edges (libFuzzer's cov:) any of the target's \(jobs.isEmpty ? "" : jobs + " ")parallel jobs had "
                    + "reached, sampled about 60 times while it ran; the targets ran one after the other.",
                "Campaign: `\(provenance?.command ?? "?")` on commit \(provenance?.commit ?? "?"), finished "
                    + "\(provenance?.date ?? "?"). The first point is the seed corpus replayed; the rest is new coverage.",
            ])
    }

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
