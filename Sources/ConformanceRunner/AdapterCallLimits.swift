// Sources/ConformanceRunner/AdapterCallLimits.swift - The limits of one adapter call unless the user sets others

import ChildProcess

extension ProcessLimits {
    /// One adapter call's limits by default (`xds conformance`, `xds differential`, `make matrix`; the known-failure
    /// lists are written with them): 30 s of wall clock, 10 s of CPU, 4096 MiB of address space.
    public static let adapterCallDefault = ProcessLimits(timeout: 30, cpuSeconds: 10, addressSpace: 4096 << 20)
}
