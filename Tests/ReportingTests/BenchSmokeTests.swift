// Tests/ReportingTests/BenchSmokeTests.swift - `xds-bench --smoke` from the release build runs end to end

import ChildProcess
import Foundation
import ReportFormatting
import Reporting
import TestSupport
import Testing

@Suite struct BenchSmokeTests {
    static let releaseBin = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"]

    @Test(.enabled(if: releaseBin != nil, "set XDS_RELEASE_BIN to the release build directory (make test does)"))
    func smokeRunMeasuresEveryImplementationAndWritesTheReports() throws {
        let bench = try #require(Self.releaseBin) + "/xds-bench"
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try HostTool.run(bench, ["--smoke", "--out", out.path])
        let table = result.stdoutText

        #expect(result.termination == .exited(0), "\(result.stderrText)")
        let data = try #require(FileManager.default.contents(atPath: out.path + "/bench.json"))
        let report = try ReportJSON.decode(BenchReport.self, from: Array(data), path: "bench.json")
        #expect(report.provenance.smoke)
        // Every implementation, and the reference in both forms (materialised and document).
        #expect(
            Set(report.measurements.map(\.implementation))
                == Set(BenchRendering.implementations + BenchRendering.referenceForms))
        #expect(report.ratios.contains { $0.referenceForm == "reference-document" })
        for m in report.measurements {
            #expect(m.outcome == "ok", "\(m.workload) \(m.operation) \(m.implementation): \(m.outcome)")
            #expect(m.samples.count == 1 && m.cpuSamples.count == 1 && m.iterationsPerSample == 1)
            #expect(m.peakRSSKiB != nil)
        }
        #expect(table.split(separator: "\n").count == report.measurements.count + 2)
        let markdown = String(
            decoding: FileManager.default.contents(atPath: out.path + "/bench.md") ?? Data(), as: UTF8.self)
        #expect(markdown.contains("Smoke run"))
    }
}
