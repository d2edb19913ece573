// Sources/xds-bench/Timing.swift - Batches, samples, the monotonic clock and peak RSS of this process

import Foundation

/// What a worker measured, printed as one JSON line for the driver.
struct WorkerResult: Codable {
    var samples: [Double] = []
    var cpuSamples: [Double] = []
    var iterations = 0
    var bytes = 0
    var outcome = "ok"
    var baselineRSSKiB: Int?
    var peakRSSKiB: Int?
}

enum Timing {
    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds of CPU time this thread has used (user and system).
    static func cpuNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `operation` once to warm up, then batches sized to take about 20 ms of CPU time each (one
    /// operation per sample in smoke mode). Returns wall-clock and CPU nanoseconds per operation for
    /// each sample.
    ///
    /// The batch size comes from a calibration run of doubling batches until one takes at least
    /// 1 ms of CPU time, not from the first call alone: a first call slowed by a cold cache or by
    /// being descheduled on a busy machine would otherwise make the batches one operation long,
    /// and then the clock reads themselves dominate a sub-microsecond operation.
    /// - Throws: whatever the warm-up run throws (a rejection is an outcome, not a measurement).
    static func measure(smoke: Bool, _ operation: () throws -> Int) rethrows -> (
        samples: [Double], cpu: [Double], iterations: Int
    ) {
        var start = now()
        var cpuStart = cpuNow()
        Sink.consume(try operation())
        let once = max(1, now() - start)
        if smoke { return ([Double(once)], [Double(cpuNow() - cpuStart)], 1) }
        var batch = 1
        var batchCPU = max(1, cpuNow() - cpuStart)
        // Below 20 ms the warm-up may have been slowed: measure again, warm, in doubling batches.
        if batchCPU < 20_000_000 {
            while true {
                cpuStart = cpuNow()
                for _ in 0..<batch { Sink.consume(try operation()) }
                batchCPU = max(1, cpuNow() - cpuStart)
                if batchCPU >= 1_000_000 || batch >= 200_000 { break }
                batch *= 2
            }
        }
        let perOperation = max(1, batchCPU / UInt64(batch))
        let iterations = Int(max(1, min(200_000, 20_000_000 / perOperation)))
        let count = perOperation > 1_000_000_000 ? 3 : perOperation > 200_000_000 ? 5 : 11
        var samples: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<count {
            start = now()
            cpuStart = cpuNow()
            for _ in 0..<iterations { Sink.consume(try operation()) }
            cpu.append(Double(cpuNow() - cpuStart) / Double(iterations))
            samples.append(Double(now() - start) / Double(iterations))
        }
        return (samples, cpu, iterations)
    }

    /// Resets this process's peak RSS (VmHWM) to the current RSS; Linux ≥ 4.0.
    static func resetPeakRSS() {
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
    }

    /// `VmRSS` or `VmHWM` from /proc/self/status, in KiB.
    static func statusKiB(_ field: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/status") else { return nil }
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).filter(\.isNumber))
        }
        return nil
    }
}

/// Keeps results alive so the optimiser cannot drop the work.
enum Sink {
    nonisolated(unsafe) static var total = 0

    @inline(never)
    static func consume(_ value: Int) {
        total &+= value
    }
}
