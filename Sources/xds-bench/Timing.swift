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
        // Samples go into a buffer on the stack, and the arrays are built after the last operation:
        // nothing is allocated between two operations. (Arrays growing there took their memory
        // from the hole the previous operation had freed, so the next one's large buffers came from
        // fresh pages: 1.2 MiB more peak RSS for the document decode of array-16x.)
        return try withUnsafeTemporaryAllocation(of: (wall: Double, cpu: Double).self, capacity: count) { buffer in
            for sample in 0..<count {
                start = now()
                cpuStart = cpuNow()
                for _ in 0..<iterations { Sink.consume(try operation()) }
                let cpu = Double(cpuNow() - cpuStart) / Double(iterations)
                buffer.initializeElement(at: sample, to: (Double(now() - start) / Double(iterations), cpu))
            }
            let samples = buffer.prefix(count).map(\.wall)
            let cpu = buffer.prefix(count).map(\.cpu)
            _ = buffer.deinitialize()
            return (samples, cpu, iterations)
        }
    }

    /// Resets this process's peak RSS (VmHWM) to the current RSS; Linux ≥ 4.0.
    static func resetPeakRSS() {
        let file = open("/proc/self/clear_refs", O_WRONLY)
        guard file >= 0 else { return }
        var five = UInt8(ascii: "5")
        _ = write(file, &five, 1)
        close(file)
    }

    /// `VmRSS` or `VmHWM` from /proc/self/status, in KiB.
    ///
    /// Read with `read(2)` into a buffer on the stack and parsed as bytes: the meter must not grow
    /// what it measures. (Through `FileHandle` and `String`, the first reading after the baseline
    /// added about 1.1 MiB of buffers and Unicode tables to every worker's growth.)
    static func statusKiB(_ field: String) -> Int? {
        let file = open("/proc/self/status", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        let name = Array(field.utf8) + [UInt8(ascii: ":")]
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8192) { buffer -> Int? in
            var length = 0
            while length < buffer.count {
                let count = read(file, buffer.baseAddress.map { $0 + length }, buffer.count - length)
                if count <= 0 { break }
                length += count
            }
            var line = 0
            while line < length {
                var end = line
                while end < length && buffer[end] != UInt8(ascii: "\n") { end += 1 }
                if end - line > name.count && (0..<name.count).allSatisfy({ buffer[line + $0] == name[$0] }) {
                    var value = 0
                    var digits = 0
                    for position in (line + name.count)..<end
                    where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[position]) {
                        value = value * 10 + Int(buffer[position] - UInt8(ascii: "0"))
                        digits += 1
                    }
                    return digits > 0 ? value : nil
                }
                line = end + 1
            }
            return nil
        }
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
