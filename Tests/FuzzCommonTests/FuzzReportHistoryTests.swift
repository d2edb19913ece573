// Tests/FuzzCommonTests/FuzzReportHistoryTests.swift - fuzz-report.py appends each campaign to fuzz-history.json

import Foundation
import TestSupport
import Testing

@Suite struct FuzzReportHistoryTests {
    /// A directory with `artifacts/` (what fuzz.sh leaves) and `reports/` (Reports/).
    struct Campaign {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-history-\(UUID())")
        var artifacts: URL { root.appendingPathComponent("artifacts") }
        var reports: URL { root.appendingPathComponent("reports") }

        init() throws {
            try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        }

        /// Writes one target's stats and timeline as fuzz.sh does, for a campaign that finished at `finished`.
        func target(_ name: String, finished: String, edges: Int, timeline: String) throws {
            let stats = """
                target=\(name)
                configuration=release
                seconds=60
                jobs=2
                cpu_seconds=118.5
                execs=1000000
                execs_per_sec=16666
                execs_per_cpu_sec=8438
                edges=\(edges)
                features=4000
                corpus=900
                exit=0
                result=ok
                findings=
                commit=abc1234
                finished=\(finished)
                load=1.00 1.00 1.00

                """
            try stats.write(to: artifacts.appendingPathComponent("\(name).stats"), atomically: true, encoding: .utf8)
            try timeline.write(
                to: artifacts.appendingPathComponent("\(name).timeline"), atomically: true, encoding: .utf8)
        }

        func render() throws {
            let result = try HostTool.run("python3", [FuzzReportSpeedTests.script, artifacts.path, reports.path])
            #expect(result.status == 0, "\(result.stderrText)")
        }

        func read(_ name: String) throws -> String {
            try String(contentsOf: reports.appendingPathComponent(name), encoding: .utf8)
        }

        func history() throws -> [[String: Any]] {
            let data = try Data(contentsOf: reports.appendingPathComponent("fuzz-history.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(object["campaigns"] as? [[String: Any]])
        }
    }

    static let oldRow = """
        {"campaigns": [{"command": "make fuzz-long HOURS=1", "commit": "0ld0001", "date": "2026-11-01T00:00:00Z", \
        "findings": 1, "targets": [{"cpu_seconds": 3600, "edges": 900, "execs": 5, "findings": 1, "seconds": 1800, \
        "target": "FuzzAttribute"}]}]}
        """

    @Test func eachCampaignIsAppendedAndEarlierRowsAreKeptAsTheyWere() throws {
        let campaign = try Campaign()
        defer { try? FileManager.default.removeItem(at: campaign.root) }
        try Self.oldRow.write(
            to: campaign.reports.appendingPathComponent("fuzz-history.json"), atomically: true, encoding: .utf8)
        try campaign.target(
            "FuzzAttribute", finished: "2026-12-01T10:00:00Z", edges: 980, timeline: "2 950\n30 970\n61 980\n")
        try campaign.target(
            "FuzzTaggedJSON", finished: "2026-12-01T10:01:00Z", edges: 2100, timeline: "2 2000\n61 2100\n")
        try campaign.render()
        var history = try campaign.history()
        #expect(history.count == 2)
        #expect(history[0]["commit"] as? String == "0ld0001" && history[0]["findings"] as? Int == 1)
        #expect(history[1]["date"] as? String == "2026-12-01T10:01:00Z")
        #expect((history[1]["targets"] as? [[String: Any]])?.map { $0["edges"] as? Int } == [980, 2100])

        // fuzz.json carries the coverage over time; fuzz.md shows the picture and the history, newest first.
        let json = try campaign.read("fuzz.json")
        #expect(json.contains("\"coverage_over_time\": [\n        [\n          2,\n          950\n"))
        var markdown = try campaign.read("fuzz.md")
        #expect(markdown.contains("](fuzz-coverage-time.png)"))
        #expect(
            markdown.contains(
                "| 2026-12-01T10:01:00Z | abc1234 | `make fuzz-report FUZZ_SECONDS=60` | 2 | 60 | 237 | 2000000 | 3080 | 0 |"
            ))
        let newest = try #require(markdown.range(of: "| 2026-12-01T10:01:00Z |"))
        let oldest = try #require(markdown.range(of: "| 2026-11-01T00:00:00Z |"))
        #expect(newest.lowerBound < oldest.lowerBound)

        // The next campaign replaces fuzz.json and adds one row; rendering the same campaign again adds none.
        try campaign.target("FuzzAttribute", finished: "2026-12-02T10:00:00Z", edges: 990, timeline: "61 990\n")
        try campaign.target("FuzzTaggedJSON", finished: "2026-12-02T10:01:00Z", edges: 2110, timeline: "61 2110\n")
        try campaign.render()
        try campaign.render()
        history = try campaign.history()
        #expect(
            history.map { $0["date"] as? String } == [
                "2026-11-01T00:00:00Z", "2026-12-01T10:01:00Z", "2026-12-02T10:01:00Z",
            ])
        markdown = try campaign.read("fuzz.md")
        #expect(markdown.components(separatedBy: "| abc1234 |").count - 1 == 2)
    }

    @Test func theCampaignOfAFuzzJSONFromBeforeTheHistoryIsRecordedFirst() throws {
        let campaign = try Campaign()
        defer { try? FileManager.default.removeItem(at: campaign.root) }
        // A fuzz.json written before the history existed (no coverage_over_time either).
        try campaign.target("FuzzAttribute", finished: "2026-11-20T08:00:00Z", edges: 970, timeline: "")
        try campaign.render()
        try FileManager.default.removeItem(at: campaign.reports.appendingPathComponent("fuzz-history.json"))
        #expect(!(try campaign.read("fuzz.md")).contains("fuzz-coverage-time.png"), "no timeline, no picture")
        try campaign.target("FuzzAttribute", finished: "2026-12-01T08:00:00Z", edges: 985, timeline: "61 985\n")
        try campaign.render()
        #expect(
            try campaign.history().map { $0["date"] as? String } == ["2026-11-20T08:00:00Z", "2026-12-01T08:00:00Z"])
    }

    @Test func anUnreadableHistoryStopsTheReportAndStaysAsItWas() throws {
        let campaign = try Campaign()
        defer { try? FileManager.default.removeItem(at: campaign.root) }
        let path = campaign.reports.appendingPathComponent("fuzz-history.json")
        try "not json".write(to: path, atomically: true, encoding: .utf8)
        try campaign.target("FuzzAttribute", finished: "2026-12-01T08:00:00Z", edges: 985, timeline: "61 985\n")
        let result = try HostTool.run(
            "python3", [FuzzReportSpeedTests.script, campaign.artifacts.path, campaign.reports.path])
        #expect(result.status != 0)
        #expect(try String(contentsOf: path, encoding: .utf8) == "not json")
    }
}
