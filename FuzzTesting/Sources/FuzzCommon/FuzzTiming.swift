// FuzzTesting/Sources/FuzzCommon/FuzzTiming.swift - Where a fuzz target's time goes, measured in the run

#if canImport(Glibc)
    import Glibc
#endif

/// With `XDS_FUZZ_TIMING=<file>` set, a target times its check (`FuzzEntry.run`) and its custom mutator
/// (`FuzzEntry.mutate`) and, at exit, writes one line to the file:
/// `wall_ns=… check_ns=… mutator_ns=… runs=…`, wall time from the first execution to the exit. The rest
/// of the wall time is libFuzzer's own (feature collection, corpus, its mutations) and the input's copy.
/// `make fuzz-speed` sets it; two clock reads per call are all it adds (tens of nanoseconds).
///
/// Wall time, not CPU time: the thread's CPU clock is a system call on Linux and would weigh on the
/// fastest targets. A single-threaded fuzzer on a shared machine is preempted evenly across its parts,
/// so the shares stay right even when the wall times stretch.
enum FuzzTiming {
    /// Where the line goes; nil when timing is off.
    static let path: String? = getenv("XDS_FUZZ_TIMING").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }

    // libFuzzer calls the target and the mutator from one thread, one at a time.
    nonisolated(unsafe) private static var start: UInt64 = 0
    nonisolated(unsafe) private static var check: UInt64 = 0
    nonisolated(unsafe) private static var mutator: UInt64 = 0
    nonisolated(unsafe) private static var runs = 0

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Times `body` as the check (`asCheck`) or the mutator.
    @inline(__always)
    static func measure<Result>(asCheck: Bool, _ body: () -> Result) -> Result {
        guard path != nil else { return body() }
        let before = now()
        if start == 0 {
            start = before
            atexit { FuzzTiming.write() }
        }
        let result = body()
        let spent = now() - before
        if asCheck {
            check += spent
            runs += 1
        } else {
            mutator += spent
        }
        return result
    }

    private static func write() {
        guard let path, let file = fopen(path, "w") else { return }
        fputs("wall_ns=\(now() - start) check_ns=\(check) mutator_ns=\(mutator) runs=\(runs)\n", file)
        fclose(file)
    }
}
