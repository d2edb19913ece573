// Sources/IconLoading/Fetching/Deadline.swift - One point in time by which a whole load must be done

#if canImport(Glibc)
    import Glibc
#endif

/// An instant on the monotonic clock: every request of one load (both fetches, every redirect hop)
/// gets only what is left until it, so `--timeout` bounds the load, not each request.
public struct Deadline: Hashable, Sendable {
    /// `CLOCK_MONOTONIC` nanoseconds.
    let nanoseconds: UInt64

    /// `seconds` from now (clamped to a day).
    public static func after(seconds: Double) -> Deadline {
        let clamped = seconds.isFinite ? min(max(seconds, 0), 86_400) : 86_400
        return Deadline(nanoseconds: now() + UInt64(clamped * 1e9))
    }

    /// Seconds left (0 once passed).
    public var remainingSeconds: Double {
        let current = Self.now()
        return current >= nanoseconds ? 0 : Double(nanoseconds - current) / 1e9
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
