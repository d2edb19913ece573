// Sources/Reporting/BenchPlot.swift - bench.png: decode time against input size, log-log, per implementation

/// The picture `bench.md` shows: for each implementation, the CPU time of one decode (median) against the
/// input's size over the workloads of the size series, both axes logarithmic. A straight line of slope 1 is
/// linear time; a line above another is slower by the vertical distance's factor at every size.
public enum BenchPlot {
    /// The file name beside `bench.json` and `bench.md`.
    public static let fileName = "bench.png"

    /// The workloads of one shape at growing size: the attribute, then arrays of record dictionaries.
    /// (`deep-500` and `fan-out-dag` measure nesting and rejection, not size.)
    public static let sizeSeries = ["attribute", "plist-64k", "array-1x", "array-4x", "array-16x"]

    /// The operation plotted.
    public static let operation = "decode"

    /// The plot of `report`: one series per implementation that decoded at least one of the workloads.
    public static func plot(_ report: BenchReport) -> LinePlot {
        var series: [LinePlot.Series] = []
        for implementation in BenchRendering.referenceForms + BenchRendering.implementations.dropFirst() {
            let points = report.measurements.filter {
                $0.implementation == implementation && $0.operation == operation && $0.outcome == "ok"
                    && sizeSeries.contains($0.workload)
            }
            .compactMap { m in (m.cpuMedian ?? m.median).map { LinePlot.Point(x: Double(m.bytes), y: $0) } }
            .sorted { $0.x < $1.x }
            if !points.isEmpty { series.append(LinePlot.Series(name: implementation, points: points)) }
        }
        let points = series.flatMap(\.points)
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        var footer = [
            "Median CPU time (user + system of the measuring thread) of one decode, per implementation, on the workloads "
                + sizeSeries.joined(separator: ", ") + ".",
            "Both axes are logarithmic: a line of slope 1 is time linear in the input, and the vertical gap between "
                + "two lines is their ratio. A failed or rejected decode is left out.",
            "Measured by `make bench`, \(report.provenance.date), \(report.provenance.cpu), "
                + "\(report.provenance.cores) cores.",
        ]
        if report.provenance.smoke {
            footer.insert("Smoke run: tiny inputs, one iteration; these numbers mean nothing.", at: 0)
        }
        return LinePlot(
            title: "Decode: CPU time per operation against input size",
            x: LinePlot.Axis(
                title: "input size (bytes, log scale)", scale: .logarithmic,
                ticks: LinePlot.decadeTicks(from: xs.min() ?? 100, to: xs.max() ?? 1e7, label: bytesLabel)),
            y: LinePlot.Axis(
                title: "CPU time per decode (seconds, log scale)", scale: .logarithmic,
                ticks: LinePlot.decadeTicks(from: ys.min() ?? 100, to: ys.max() ?? 1e9, label: timeLabel)),
            series: series, footer: footer)
    }

    /// `bench.png`.
    public static func png(_ report: BenchReport) throws(PicturePNGError) -> [UInt8] {
        try LinePlotPNG.render(plot(report))
    }

    /// A power of ten of bytes: `100 B`, `10 kB`, `1 MB` (10³ steps, as MB/s in bench.md).
    static func bytesLabel(_ value: Double) -> String {
        decade(value, units: ["B", "kB", "MB", "GB"])
    }

    /// A power of ten of nanoseconds: `100 ns`, `10 µs`, `1 s`.
    static func timeLabel(_ value: Double) -> String {
        decade(value, units: ["ns", "µs", "ms", "s"])
    }

    private static func decade(_ value: Double, units: [String]) -> String {
        var scaled = value
        var unit = 0
        while scaled >= 999.5, unit < units.count - 1 {
            scaled /= 1000
            unit += 1
        }
        let text =
            scaled >= 1
            ? String(Int(scaled.rounded())) : BenchRendering.format(decimal: scaled, digits: scaled >= 0.1 ? 1 : 2)
        return text + " " + units[unit]
    }
}
