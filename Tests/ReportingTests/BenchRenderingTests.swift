// Tests/ReportingTests/BenchRenderingTests.swift - bench.json statistics, bench.md and the number formats

import Foundation
import ReportFormatting
import Reporting
import Testing

@Suite struct BenchRenderingTests {
    static func report() -> BenchReport {
        let provenance = BenchProvenance(
            cpu: "AMD EPYC", cores: 2, os: "Debian 12", kernel: "6.1", toolchain: "Swift 6.3.1", build: "release",
            libraries: ["libplist": "2.2.0-6+b2"], date: "2026-11-30T00:00:00Z", command: "xds-bench --out Reports",
            seed: 7, smoke: false)
        let measurements = [
            BenchMeasurement(
                implementation: "reference", workload: "attribute", operation: "decode", bytes: 200,
                iterationsPerSample: 1000, samples: [500, 400, 450], cpuSamples: [300, 350, 400], outcome: "ok",
                baselineRSSKiB: 1000,
                peakRSSKiB: 3048),
            BenchMeasurement(
                implementation: "libplist", workload: "attribute", operation: "decode", bytes: 200,
                iterationsPerSample: 1000, samples: [900], outcome: "ok", baselineRSSKiB: nil, peakRSSKiB: nil),
            BenchMeasurement(
                implementation: "foundation-decoder", workload: "attribute", operation: "decode", bytes: 200,
                iterationsPerSample: 0, samples: [], outcome: "timed out after 30 s (killed)", baselineRSSKiB: nil,
                peakRSSKiB: nil),
        ]
        return BenchReport(
            provenance: provenance,
            workloads: [BenchWorkload(name: "attribute", description: "four strings", bytes: 200)],
            measurements: measurements,
            ratios: [
                BenchRatio(workload: "attribute", operation: "decode", against: "libplist", speedup: 2, basis: "cpu")
            ])
    }

    @Test func measurementsSummariseTheirSamples() {
        let m = Self.report().measurements[0]
        #expect(m.minimum == 400 && m.median == 450 && m.maximum == 500)
        #expect(m.cpuMedian == 350)
        #expect(m.megabytesPerSecond.map { abs($0 - 200.0 / 450 * 1_000) < 1e-9 } == true)
        #expect(Self.report().measurements[2].median == nil)
    }

    @Test func formatsTimesSizesAndRatios() {
        #expect(BenchRendering.format(nanoseconds: 812) == "812 ns")
        #expect(BenchRendering.format(nanoseconds: 5_204) == "5.20 µs")
        #expect(BenchRendering.format(nanoseconds: 14_340_000) == "14.3 ms")
        #expect(BenchRendering.format(nanoseconds: 2_100_000_000) == "2.10 s")
        #expect(BenchRendering.format(kibibytes: 740) == "740 KiB")
        #expect(BenchRendering.format(kibibytes: 2048 + 102) == "2.1 MiB")
        #expect(BenchRendering.format(ratio: 2.414) == "2.41×")
        #expect(BenchRendering.format(decimal: 0.05, digits: 1) == "0.1")
    }

    @Test func markdownHasProvenanceRatiosAndEveryMeasurement() {
        let markdown = BenchRendering.markdown(Self.report())
        for text in ["AMD EPYC", "2.2.0-6+b2", "Swift 6.3.1", "| attribute | decode | 350 ns | 2.00× |", "timed out"] {
            #expect(markdown.contains(text), "\(text)")
        }
        #expect(markdown.contains("2.00 MiB (+2.0 MiB)") || markdown.contains("3.0 MiB (+2.0 MiB)"))
        #expect(!markdown.contains("Smoke run"))
    }

    @Test func floorRowsStateTheLargestRatioTheyLeave() {
        func measurement(_ implementation: String, _ workload: String, _ operation: String, _ cpu: Double)
            -> BenchMeasurement
        {
            BenchMeasurement(
                implementation: implementation, workload: workload, operation: operation, bytes: 200,
                iterationsPerSample: 1000, samples: [cpu], cpuSamples: [cpu], outcome: "ok", baselineRSSKiB: nil,
                peakRSSKiB: nil)
        }
        var report = Self.report()
        #expect(!BenchRendering.markdown(report).contains("build-value"))
        report.measurements += [
            measurement("reference", "attribute", "build-value", 300),
            measurement("libplist", "attribute-xattr", "read-decode", 3_000),
            measurement("reference", "attribute-xattr", "read", 1_600),
            measurement("reference", "attribute-xattr", "syscall", 1_400),
        ]
        let markdown = BenchRendering.markdown(report)
        // libplist's attribute decode is 900 ns in the fixture: 900 ÷ 300 and 3000 ÷ 1600.
        #expect(markdown.contains("libplist's `decode` ÷ `build-value`: 3.00× in this run."), "\(markdown)")
        #expect(markdown.contains("libplist's `read-decode` ÷ `read`: 1.88× in this run"), "\(markdown)")
    }

    @Test func jsonRoundTrips() throws {
        let bytes = ReportJSON.encode(Self.report())
        #expect(try ReportJSON.decode(BenchReport.self, from: bytes, path: "bench.json") == Self.report())
    }
}
