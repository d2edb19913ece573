// Sources/Reporting/FuzzCoveragePlot.swift - fuzz-coverage-time.png: edges against seconds per target

import Foundation

/// What `xds report --only fuzz` reads of `Reports/fuzz.json` (written by FuzzTesting/fuzz-report.py) and the plot
/// it draws from it: for each target of the last campaign, the edges covered against the seconds since that
/// target started (each target runs alone, one after the other).
public struct FuzzCoverageReport: Decodable, Hashable, Sendable {
    public struct Provenance: Decodable, Hashable, Sendable {
        public var command: String?
        public var commit: String?
        public var date: String?
    }

    public struct Target: Decodable, Hashable, Sendable {
        public var target: String
        public var jobs: Int?
        /// `[seconds, edges]` pairs in time order; absent in a report from before it was recorded.
        public var coverageOverTime: [[Int]]?

        enum CodingKeys: String, CodingKey {
            case target, jobs
            case coverageOverTime = "coverage_over_time"
        }
    }

    public var provenance: Provenance?
    public var targets: [Target]

    public static let fileName = "fuzz.json"
    public static let pictureName = "fuzz-coverage-time.png"

    /// The plot: one series per target that recorded its coverage over time.
    public var plot: LinePlot {
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
}
