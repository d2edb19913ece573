// Tests/ReportingTests/BenchPlotTests.swift - bench.png: what the log-log plot holds, and that it is a PNG

import Reporting
import Testing

@Suite struct BenchPlotTests {
    static func measurement(
        _ implementation: String, _ workload: String, _ bytes: Int, _ cpu: Double,
        outcome: String = "ok", operation: String = "decode"
    ) -> BenchMeasurement {
        BenchMeasurement(
            implementation: implementation, workload: workload, operation: operation, bytes: bytes,
            iterationsPerSample: 1, samples: [cpu * 1.1], cpuSamples: [cpu], outcome: outcome, baselineRSSKiB: nil,
            peakRSSKiB: nil)
    }

    static func report() -> BenchReport {
        var report = BenchRenderingTests.report()
        report.measurements = [
            measurement("libplist", "array-4x", 400_000, 6_000_000),
            measurement("libplist", "attribute", 200, 900),
            measurement("libplist", "array-1x", 100_000, 1_000_000),
            measurement("reference", "attribute", 200, 1_100),
            measurement("reference", "array-16x", 2_000_000, 24_000_000),
            // Not in the plot: another operation, another kind of workload, a rejection.
            measurement("reference", "attribute", 200, 800, operation: "encode"),
            measurement("reference", "deep-500", 2_500, 88_000),
            measurement("plistlib", "array-1x", 100_000, 5_000_000, outcome: "rejected: RecursionError"),
        ]
        return report
    }

    @Test func oneSeriesPerImplementationInSizeOrderOnLogLogAxes() {
        let plot = BenchPlot.plot(Self.report())
        #expect(plot.series.map(\.name) == ["reference", "libplist"])
        #expect(plot.series[0].points == [.init(x: 200, y: 1_100), .init(x: 2_000_000, y: 24_000_000)])
        #expect(plot.series[1].points.map(\.x) == [200, 100_000, 400_000])
        #expect(plot.x.scale == .logarithmic && plot.y.scale == .logarithmic)
        #expect(plot.x.ticks.map(\.label) == ["100 B", "1 kB", "10 kB", "100 kB", "1 MB", "10 MB"])
        #expect(plot.y.ticks.map(\.label) == ["100 ns", "1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms"])
        #expect(plot.x.title.contains("bytes") && plot.y.title.contains("CPU time"))
        // Every series has its own colour and marker shape.
        let styles = plot.series.indices.map { LinePlot.style($0) }
        #expect(Set(styles.map(\.colour)).count == styles.count && Set(styles.map(\.marker)).count == styles.count)
    }

    /// The fuzz coverage plot has a series per target (nine today): ten styles before any repeats, and a footer
    /// wrapped so no line runs off the image (the first campaign's plot showed both faults).
    @Test func tenSeriesAreToldApartAndTheFooterIsWrapped() {
        let styles = (0..<10).map { LinePlot.style($0) }
        #expect(Set(styles.map(\.colour)).count == 10 && Set(styles.map(\.marker)).count == 10)
        let long = String(repeating: "word ", count: 80) + "end"
        let plot = LinePlot(
            title: "t", x: .init(title: "x", scale: .linear, ticks: []),
            y: .init(title: "y", scale: .linear, ticks: []),
            series: [], footer: [long, "short"])
        #expect(plot.footerLines.count == 4)
        #expect(plot.footerLines.allSatisfy { $0.count <= LinePlot.Layout.footerCharacters })
        #expect(plot.footerLines.joined(separator: " ") == long + " short")
        #expect(
            plot.size.height == LinePlot(title: "t", x: plot.x, y: plot.y, series: [], footer: []).size.height + 4 * 16)
    }

    @Test func thePNGHasThePlotsSizeAndBenchMarkdownShowsIt() throws {
        let report = Self.report()
        let png = try BenchPlot.png(report)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let size = BenchPlot.plot(report).size
        #expect(width == size.width && height == size.height)
        #expect(BenchRendering.markdown(report).contains("](bench.png)"))
    }

    @Test func ticksCoverTheData() {
        let decades = LinePlot.decadeTicks(from: 3_500, to: 120_000) { String($0) }.map(\.value)
        #expect(decades == [1_000, 10_000, 100_000, 1_000_000])
        let linear = LinePlot.linearTicks(to: 247) { String(Int($0)) }.map(\.label)
        #expect(linear == ["0", "50", "100", "150", "200", "250"])
        #expect(LinePlot.linearTicks(to: 1_940) { String(Int($0)) }.last?.value == 2_000)
        let edges = LinePlot.linearTicks(from: 848, to: 2_116) { String(Int($0)) }.map(\.value)
        #expect(edges == [800, 1_000, 1_200, 1_400, 1_600, 1_800, 2_000, 2_200])
    }
}
