// Sources/XDSCommands/Commands/ConformanceOptions.swift - `xds conformance` options, checked

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation

/// The checked options of one `xds conformance` run.
struct ConformanceOptions {
    var vectors = "Vectors"
    var out: String?
    var builtIns: [BuiltIn] = []
    var adapter: [String]?
    var adapterName = "adapter"
    var filter = CaseFilter()
    var knownFailures: String?
    var knownFailuresDirectory: String?
    var writeKnownFailures: String?
    var limits = ProcessLimits.adapterCallDefault
    var jobs = 2
    var json = false
    var junit: String?
    var html: String?
    var markdown: String?
    /// Calls adapters that declare `serve` through `CMD serve`; `--per-call` (or `--no-serve`) turns it off.
    var serve = true

    init(_ arguments: Arguments) throws(UsageError) {
        vectors = try arguments.utf8Path("--vectors") ?? vectors
        out = try arguments.utf8Path("--out")
        if let command = arguments.value("--cmd") {
            do {
                adapter = try shellSplit(command)
            } catch {
                throw UsageError("--cmd: \(error.message)")
            }
            if adapter?.isEmpty ?? true { throw UsageError("--cmd: empty command") }
        }
        adapterName = arguments.value("--name") ?? adapterName
        builtIns = try Self.builtIns(arguments)
        if builtIns.isEmpty && adapter == nil { builtIns = BuiltIn.core }
        for area in Self.list(arguments, "--area") {
            guard let value = VectorArea(rawValue: area), value != .fs else {
                throw UsageError("unknown area '\(area)' (plist, attribute, icons, icon-loading)")
            }
            filter.areas.insert(value)
        }
        for level in Self.list(arguments, "--level") {
            guard let value = VectorLevel(rawValue: level) else {
                throw UsageError("unknown level '\(level)' (required, recommended, implementation-defined)")
            }
            filter.levels.insert(value)
        }
        filter.run = Self.list(arguments, "--run")
        filter.skip = Self.list(arguments, "--skip")
        knownFailures = try arguments.utf8Path("--known-failures")
        if knownFailures != nil && adapter == nil && builtIns.count != 1 {
            throw UsageError("--known-failures applies to the --cmd adapter or to exactly one --impl")
        }
        knownFailuresDirectory = try arguments.utf8Path("--known-failures-dir")
        writeKnownFailures = try arguments.utf8Path("--write-known-failures")
        if let path = writeKnownFailures, builtIns.count + (adapter == nil ? 0 : 1) > 1, !path.contains("{impl}") {
            throw UsageError("--write-known-failures: with several implementations the path must contain {impl}")
        }
        serve = !arguments.has("--per-call") && !arguments.has("--no-serve")
        limits = try Self.limits(arguments)
        jobs = try Self.jobs(arguments) ?? jobs
        json = arguments.has("--json")
        junit = try arguments.utf8Path("--junit")
        html = try arguments.utf8Path("--html")
        markdown = try arguments.utf8Path("--markdown")
    }

    /// `--timeout` when not given: three times the CPU limit, so that a call the CPU limit would end is not
    /// cut short by the wall clock on a loaded machine (Docs/conformance.md, "The adapter protocol").
    static let defaultTimeout = ProcessLimits.adapterCallDefault.timeout
    /// `--cpu-limit` when not given: one limit for `make conformance`, `make matrix` and a bare run, wide
    /// enough for slow but correct libraries that verdicts do not depend on the machine.
    static let defaultCPUSeconds = ProcessLimits.adapterCallDefault.cpuSeconds ?? 0
    /// `--memory-limit` when not given, in MiB.
    static let defaultMemoryMiB = (ProcessLimits.adapterCallDefault.addressSpace ?? 0) >> 20
    /// `--memory-limit` in MiB: at least 16, at most 2^27 (128 TiB, the x86-64 user address space),
    /// so that the byte count never overflows.
    static let memoryLimitMiB = 16...(1 << 27)
    /// `--cpu-limit` in seconds: below the longest `--timeout` (an hour), which must be above it.
    static let cpuLimitSeconds = 0...3599

    /// `--impl` (repeatable, comma lists; `all` the core built-ins, `peers` the optional ones), duplicates
    /// dropped, in the order given: `xds conformance` and `xds differential` read it alike.
    static func builtIns(_ arguments: Arguments) throws(UsageError) -> [BuiltIn] {
        var builtIns: [BuiltIn] = []
        for name in list(arguments, "--impl") {
            if name == "all" {
                builtIns += BuiltIn.core
            } else if name == "peers" {
                builtIns += BuiltIn.peers
            } else if let builtIn = BuiltIn(rawValue: name) {
                builtIns.append(builtIn)
            } else {
                throw UsageError(
                    "unknown implementation '\(name)' (one of: all, peers, \(BuiltIn.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
        }
        var seen = Set<BuiltIn>()
        return builtIns.filter { seen.insert($0).inserted }
    }

    /// `--timeout`, `--memory-limit` and `--cpu-limit`, checked against each other; the defaults otherwise.
    static func limits(_ arguments: Arguments) throws(UsageError) -> ProcessLimits {
        var limits = ProcessLimits.adapterCallDefault
        if let text = arguments.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError("--timeout: expected seconds in (0, 3600]")
            }
            limits.timeout = seconds
        }
        if let text = arguments.value("--memory-limit") {
            guard let mebibytes = Int(text), Self.memoryLimitMiB.contains(mebibytes) else {
                throw UsageError(
                    "--memory-limit: expected MiB in \(Self.memoryLimitMiB.lowerBound)..."
                        + "\(Self.memoryLimitMiB.upperBound) (16 MiB to 128 TiB)")
            }
            limits.addressSpace = mebibytes << 20
        }
        if let text = arguments.value("--cpu-limit") {
            guard let seconds = Int(text), Self.cpuLimitSeconds.contains(seconds) else {
                throw UsageError(
                    "--cpu-limit: expected seconds in 0...\(Self.cpuLimitSeconds.upperBound), 0 for none")
            }
            limits.cpuSeconds = seconds == 0 ? nil : seconds
        }
        if let cpu = limits.cpuSeconds, limits.timeout <= Double(cpu) {
            throw UsageError(
                "--timeout (\(limits.timeout) s) must be above --cpu-limit (\(cpu) s): a busy machine stretches wall"
                    + " time, so a call would time out before its CPU limit ends it")
        }
        return limits
    }

    /// `--jobs`, 1 to 64; nil when not given.
    static func jobs(_ arguments: Arguments) throws(UsageError) -> Int? {
        guard let text = arguments.value("--jobs") else { return nil }
        guard let count = Int(text), (1...64).contains(count) else { throw UsageError("--jobs: expected 1 to 64") }
        return count
    }

    private static func list(_ arguments: Arguments, _ option: String) -> [String] {
        arguments.allValues(option).flatMap { $0.split(separator: ",").map(String.init) }
    }
}
