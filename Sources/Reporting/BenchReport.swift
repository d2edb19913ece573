// Sources/Reporting/BenchReport.swift - Reports/bench.json: what `make bench` measured, and where

/// The machine, toolchain and libraries a bench ran with.
public struct BenchProvenance: Codable, Hashable, Sendable {
    /// `model name` from /proc/cpuinfo.
    public var cpu: String
    /// Online processors.
    public var cores: Int
    /// `PRETTY_NAME` from /etc/os-release.
    public var os: String
    /// `uname -r`.
    public var kernel: String
    /// `swift --version`, first line.
    public var toolchain: String
    /// `release` or `debug`.
    public var build: String
    /// Library name → version, as found at run time.
    public var libraries: [String: String]
    /// ISO 8601 UTC.
    public var date: String
    /// The exact command line.
    public var command: String
    /// The seed of every generated input.
    public var seed: UInt64
    /// Smoke mode: tiny inputs, one iteration; the numbers mean nothing.
    public var smoke: Bool

    /// Creates a provenance record.
    public init(
        cpu: String, cores: Int, os: String, kernel: String, toolchain: String, build: String,
        libraries: [String: String], date: String, command: String, seed: UInt64, smoke: Bool
    ) {
        self.cpu = cpu
        self.cores = cores
        self.os = os
        self.kernel = kernel
        self.toolchain = toolchain
        self.build = build
        self.libraries = libraries
        self.date = date
        self.command = command
        self.seed = seed
        self.smoke = smoke
    }
}

/// One generated input.
public struct BenchWorkload: Codable, Hashable, Sendable {
    /// Stable name, e.g. `array-16x`.
    public var name: String
    /// What it is, one line.
    public var description: String
    /// Input size in bytes (bplist, appInfo.json or attribute value).
    public var bytes: Int

    /// Creates a workload record.
    public init(name: String, description: String, bytes: Int) {
        self.name = name
        self.description = description
        self.bytes = bytes
    }
}

/// One implementation doing one operation on one workload, in its own process.
public struct BenchMeasurement: Codable, Hashable, Sendable {
    /// `reference`, `libplist`, `foundation-serialization`, `foundation-decoder`, `plistlib`.
    public var implementation: String
    /// The workload's name.
    public var workload: String
    /// `decode`, `encode`, `select-recommended`, `select-legacy`, `parse-appinfo`, `read-decode`, `decode-unbounded`.
    public var operation: String
    /// Bytes processed per operation (input for decode, output for encode).
    public var bytes: Int
    /// Operations timed together per sample.
    public var iterationsPerSample: Int
    /// Wall-clock nanoseconds per operation, one entry per sample.
    public var samples: [Double]
    /// CPU nanoseconds (user + system, the measuring thread) per operation, one entry per sample: steadier
    /// than wall time on a shared machine.
    public var cpuSamples: [Double]
    /// Median of `cpuSamples`.
    public var cpuMedian: Double?
    /// Min, median and max of `samples` (ns per operation); `nil` without samples.
    public var minimum: Double?
    /// See `minimum`.
    public var median: Double?
    /// See `minimum`.
    public var maximum: Double?
    /// `bytes / median`, in MB/s (10⁶ bytes).
    public var megabytesPerSecond: Double?
    /// `ok`, or what happened instead (`rejected: …`, `timed out after 20 s`, `killed by signal 9`, …).
    public var outcome: String
    /// Resident set size (KiB) after the inputs were prepared, before the timed loop.
    public var baselineRSSKiB: Int?
    /// Peak resident set size (KiB) during the timed loop (VmHWM reset before it).
    public var peakRSSKiB: Int?

    /// Creates a measurement.
    public init(
        implementation: String, workload: String, operation: String, bytes: Int, iterationsPerSample: Int,
        samples: [Double], cpuSamples: [Double] = [], outcome: String, baselineRSSKiB: Int?, peakRSSKiB: Int?
    ) {
        self.implementation = implementation
        self.workload = workload
        self.operation = operation
        self.bytes = bytes
        self.iterationsPerSample = iterationsPerSample
        self.samples = samples
        self.cpuSamples = cpuSamples
        let cpuSorted = cpuSamples.sorted()
        cpuMedian = cpuSorted.isEmpty ? nil : cpuSorted[cpuSorted.count / 2]
        self.outcome = outcome
        self.baselineRSSKiB = baselineRSSKiB
        self.peakRSSKiB = peakRSSKiB
        let sorted = samples.sorted()
        minimum = sorted.first
        maximum = sorted.last
        median = sorted.isEmpty ? nil : sorted[sorted.count / 2]
        megabytesPerSecond = median.flatMap { $0 > 0 ? Double(bytes) * 1_000 / $0 : nil }
    }
}

/// How much faster the reference is than another implementation on one workload and operation.
public struct BenchRatio: Codable, Hashable, Sendable {
    /// The workload's name.
    public var workload: String
    /// The operation.
    public var operation: String
    /// The implementation compared against.
    public var against: String
    /// `other median ÷ reference median`: above 1 the reference is faster.
    public var speedup: Double
    /// Which medians: `cpu` (CPU time, used when both have it) or `wall`.
    public var basis: String
    /// Which form of the reference: nil or `reference` (materialised values), `reference-document`.
    public var reference: String?

    /// Creates a ratio record.
    public init(
        workload: String, operation: String, against: String, speedup: Double, basis: String,
        reference: String? = nil
    ) {
        self.workload = workload
        self.operation = operation
        self.against = against
        self.speedup = speedup
        self.basis = basis
        self.reference = reference
    }

    /// The reference form compared (`reference` when not recorded).
    public var referenceForm: String { reference ?? "reference" }
}

/// `Reports/bench.json`.
public struct BenchReport: Codable, Hashable, Sendable {
    /// Where and how.
    public var provenance: BenchProvenance
    /// The inputs.
    public var workloads: [BenchWorkload]
    /// Every measurement, in run order.
    public var measurements: [BenchMeasurement]
    /// The reference against each other implementation, where both succeeded.
    public var ratios: [BenchRatio]

    /// Creates a report.
    public init(
        provenance: BenchProvenance, workloads: [BenchWorkload], measurements: [BenchMeasurement],
        ratios: [BenchRatio]
    ) {
        self.provenance = provenance
        self.workloads = workloads
        self.measurements = measurements
        self.ratios = ratios
    }
}
