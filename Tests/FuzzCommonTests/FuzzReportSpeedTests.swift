// Tests/FuzzCommonTests/FuzzReportSpeedTests.swift - fuzz-report.py's speed table, with where the time goes

import Foundation
import TestSupport
import Testing

@Suite struct FuzzReportSpeedTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting/fuzz-report.py").path

    /// Renders `speed` (the lines of FuzzTesting/artifacts/speed.txt) and returns Reports/fuzz.md.
    static func render(speed: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-report-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let artifacts = directory.appendingPathComponent("artifacts")
        let reports = directory.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try speed.write(to: artifacts.appendingPathComponent("speed.txt"), atomically: true, encoding: .utf8)
        let result = try HostTool.run("python3", [script, artifacts.path, reports.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let markdown = FileManager.default.contents(atPath: reports.appendingPathComponent("fuzz.md").path)
        return String(decoding: markdown ?? Data(), as: UTF8.self)
    }

    @Test func sharesAndTheRateWithoutTheCheckAreRendered() throws {
        let markdown = try Self.render(
            speed: """
                # 2026-12-01T19:00:00Z commit abc1234, release + ASan, -seed=1, one process per target
                # target runs execs cpu_seconds execs_per_cpu_second load_before load_after check_share mutator_share
                FuzzAttribute 100000 100000 4.00 25000 1.00 1.10 0.50 0.20
                FuzzAppInfoParser 100000 100000 2.00 50000 1.10 1.20 0.38 0.00
                FuzzTaggedJSON 100000 100000 2.00 50000 1.10 1.20 - -

                """)
        // Half of the time in the check: without it, twice the rate.
        #expect(markdown.contains("| FuzzAttribute | 100000 | 4.00 | 25000 | no | 50 % | 20 % | 50000 | 1.00–1.10 |"))
        #expect(
            markdown.contains("| FuzzAppInfoParser | 100000 | 2.00 | 50000 | yes | 38 % | 0 % | 80645 | 1.10–1.20 |"))
        // A run that wrote no timing line.
        #expect(markdown.contains("| FuzzTaggedJSON | 100000 | 2.00 | 50000 | yes | – | – | – | 1.10–1.20 |"))
    }

    @Test func linesWithoutSharesStillRender() throws {
        let markdown = try Self.render(speed: "# header\nFuzzAttribute 100000 100000 4.00 25000 1.00 1.10\n")
        #expect(markdown.contains("| FuzzAttribute | 100000 | 4.00 | 25000 | no | – | – | – | 1.00–1.10 |"))
    }
}
