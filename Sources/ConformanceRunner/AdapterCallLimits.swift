// Sources/ConformanceRunner/AdapterCallLimits.swift - The limits of one adapter call unless the user sets others

import ChildProcess

extension ProcessLimits {
    /// One adapter call's limits by default (`xds conformance`, `xds differential`, `make matrix`; the known-failure
    /// lists are written with them): 60 s of wall clock, 20 s of CPU, 4096 MiB of address space, and an 8 MiB
    /// main-thread stack whatever the runner's own (how deep a recursive decoder gets before it overflows, and so
    /// its verdict and CPU time on a deep vector, depends on it; 8 MiB is Linux's and macOS's default).
    ///
    /// The CPU limit sits as far as it can from what the vectors cost the known libraries, or a verdict would
    /// depend on the machine (Docs/conformance.md, "Limits for JVM and interpreter adapters"): libplist 2.2
    /// overflows its stack after 9.0–9.5 s on `plist/regressions/libplist-nesting-100000` (at the former 10 s, a
    /// loaded CI machine graded that a timeout), and binplist accepts `plist/regressions/fan-out-26-levels` after
    /// about 33 s.
    public static let adapterCallDefault = ProcessLimits(
        timeout: 60, cpuSeconds: 20, addressSpace: 4096 << 20, stack: 8 << 20)
}
