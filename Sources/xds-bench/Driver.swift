// Sources/xds-bench/Driver.swift - Generates the inputs, runs every worker, writes the table and reports

import AttributeFiles
import ChildProcess
import Foundation
import ReportFormatting
import Reporting

struct DriverOptions {
    var out: String?
    var smoke = false
    var seed: UInt64 = 0x5EED
    var timeout: Double = 30
    var implementations: Set<String>?
    var workloads: Set<String>?
    /// Run every worker with glibc's trim and mmap thresholds raised (see Docs/bench.md).
    var keepFreedMemory = false
    /// Write the generated inputs into this directory and stop (for profiling).
    var dump: String?
}

enum Driver {
    static func run(_ options: DriverOptions) -> Int32 {
        // SIGINT, SIGTERM, SIGHUP: the worker in flight is killed and both directories removed (ChildContainment).
        ChildContainment.contain()
        let scratch = NSTemporaryDirectory() + "xds-bench-\(getpid())"
        let shm = "/dev/shm/xds-bench-\(getpid())"
        var made: [String] = []
        defer { for directory in made { ChildContainment.removeRegistered(directory: directory) } }
        for directory in [scratch, shm] {
            let path = ChildContainment.makeRegisteredDirectory {
                (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true))
                    .map { directory }
            }
            guard let path else {
                FileHandle.standardError.write(Data("xds-bench: cannot create \(directory)\n".utf8))
                return 74
            }
            made.append(path)
        }
        let self_ = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let workloads = Workloads.make(seed: options.seed, smoke: options.smoke).filter {
            options.workloads?.contains($0.name) ?? true
        }
        if let dump = options.dump {
            do {
                try AtomicFile.makeDirectory(dump)
            } catch {
                FileHandle.standardError.write(Data("xds-bench: \(error)\n".utf8))
                return 74
            }
            for workload in workloads { print(prepare(workload, scratch: dump, shm: dump)) }
            return 0
        }
        var measurements: [BenchMeasurement] = []
        var failures = 0
        for workload in workloads {
            let input = prepare(workload, scratch: scratch, shm: shm)
            for (implementation, operation) in workload.operations
            where options.implementations?.contains(implementation) ?? true {
                var arguments: [String]
                if implementation == "plistlib" {
                    arguments = ["/usr/bin/env", "python3", "-c", PlistlibWorker.script, operation, input]
                    arguments.append(options.smoke ? "1" : "0")
                } else {
                    arguments = [self_, "--worker", implementation, operation, input]
                    if workload.isAttribute { arguments.append("--attribute") }
                    if options.smoke { arguments.append("--smoke") }
                }
                let (result, failure) = WorkerProcess.run(
                    arguments, timeout: options.timeout, keepFreedMemory: options.keepFreedMemory)
                if result == nil { failures += 1 }
                let measurement = BenchMeasurement(
                    implementation: implementation, workload: workload.name, operation: operation,
                    bytes: result?.bytes ?? workload.bytes.count, iterationsPerSample: result?.iterations ?? 0,
                    samples: result?.samples ?? [], cpuSamples: result?.cpuSamples ?? [],
                    outcome: result?.outcome ?? failure,
                    baselineRSSKiB: result?.baselineRSSKiB, peakRSSKiB: result?.peakRSSKiB)
                measurements.append(measurement)
                progress(measurement)
            }
        }
        let report = BenchReport(
            provenance: BenchEnvironment.provenance(seed: options.seed, smoke: options.smoke),
            workloads: workloads.map {
                BenchWorkload(name: $0.name, description: $0.description, bytes: $0.bytes.count)
            },
            measurements: measurements, ratios: ratios(measurements))
        print(BenchRendering.text(report), terminator: "")
        if let out = options.out {
            do {
                try AtomicFile.makeDirectory(out)
                try AtomicFile.write(ReportJSON.encode(report), to: out + "/bench.json")
                try AtomicFile.write(Array(BenchRendering.markdown(report).utf8), to: out + "/bench.md")
                try AtomicFile.write(BenchPlot.png(report), to: out + "/" + BenchPlot.fileName)
            } catch {
                FileHandle.standardError.write(Data("xds-bench: \(error)\n".utf8))
                return 74
            }
        }
        // In smoke mode every worker must report; a worker that cannot is the bench rotting.
        return options.smoke && failures > 0 ? 1 : 0
    }

    /// Writes the workload's input where workers read it; returns the path they get.
    static func prepare(_ workload: Workload, scratch: String, shm: String) -> String {
        if workload.kind == .xattr {
            let path = shm + "/\(workload.name)"
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            // A failure here shows up as every worker's rejection ("no user.x-document-source").
            try? ExtendedAttributes.setValue(workload.bytes, named: SwiftWorker.attributeName, at: path)
            return path
        }
        let path = scratch + "/\(workload.name).\(workload.kind == .appInfo ? "json" : "bplist")"
        _ = FileManager.default.createFile(atPath: path, contents: Data(workload.bytes))
        return path
    }

    /// Other median ÷ reference median, from CPU time where both have it (steadier on a shared machine).
    static func ratios(_ measurements: [BenchMeasurement]) -> [BenchRatio] {
        var ratios: [BenchRatio] = []
        for reference in measurements
        where BenchRendering.referenceForms.contains(reference.implementation) && reference.outcome == "ok" {
            for other in measurements
            where !BenchRendering.referenceForms.contains(other.implementation) && other.workload == reference.workload
                && other.operation == reference.operation && other.outcome == "ok"
            {
                let basis = reference.cpuMedian != nil && other.cpuMedian != nil ? "cpu" : "wall"
                let base = basis == "cpu" ? reference.cpuMedian : reference.median
                let median = basis == "cpu" ? other.cpuMedian : other.median
                guard let base, let median, base > 0 else { continue }
                ratios.append(
                    BenchRatio(
                        workload: reference.workload, operation: reference.operation, against: other.implementation,
                        speedup: median / base, basis: basis,
                        reference: reference.implementation == "reference" ? nil : reference.implementation))
            }
        }
        return ratios
    }

    static func progress(_ m: BenchMeasurement) {
        let median = m.median.map(BenchRendering.format(nanoseconds:)) ?? "-"
        let line = "xds-bench: \(m.workload) \(m.operation) \(m.implementation): \(median) \(m.outcome)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
