// Tests/BenchReportTests/BenchSmokeTests.swift - `xds-bench --smoke` from the release build runs end to end

import BenchReport
import Foundation
import ReportFormatting
import Testing

@Suite struct BenchSmokeTests {
    static let releaseBin = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"]

    @Test(.enabled(if: releaseBin != nil, "set XDS_RELEASE_BIN to the release build directory (make test does)"))
    func smokeRunMeasuresEveryImplementationAndWritesTheReports() throws {
        let bench = try #require(Self.releaseBin) + "/xds-bench"
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bench)
        process.arguments = ["--smoke", "--out", out.path]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let table = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let data = try #require(FileManager.default.contents(atPath: out.path + "/bench.json"))
        let report = try ReportJSON.decode(BenchReport.self, from: Array(data), path: "bench.json")
        #expect(report.provenance.smoke)
        #expect(Set(report.measurements.map(\.implementation)) == Set(BenchRendering.implementations))
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
