// Tests/XDSEndToEndTests/ConformanceLimitTests.swift - --cpu-limit and --memory-limit ranges, never a trap or a wrap

import ChildProcess
import ConformanceRunner
import TestSupport
import Testing

@testable import XDSCommands

@Suite struct ConformanceLimitTests {
    func options(_ arguments: [String]) throws -> ConformanceOptions {
        try ConformanceOptions(Arguments.parse(arguments, spec: ConformanceCommand.spec))
    }

    @Test(arguments: [
        ["--cpu-limit", "9223372036854775807"], ["--cpu-limit", "3600"], ["--cpu-limit", "-1"],
        ["--memory-limit", "17592186044416"], ["--memory-limit", "8796093022208"], ["--memory-limit", "134217729"],
        ["--memory-limit", "15"], ["--memory-limit", "99999999999999999999"],
    ])
    func outOfRangeIsAUsageError(arguments: [String]) {
        let error = #expect(throws: UsageError.self) { try options(arguments) }
        #expect(error?.message.hasPrefix(arguments[0] + ": expected ") == true, "\(error?.message ?? "no error")")
    }

    @Test func limitsInRangeAreKeptExactly() throws {
        let largest = try options(["--memory-limit", "134217728", "--cpu-limit", "3599", "--timeout", "3600"])
        #expect(largest.limits.addressSpace == 1 << 47)
        #expect(largest.limits.cpuSeconds == 3599)
        #expect(try options(["--cpu-limit", "0"]).limits.cpuSeconds == nil)
    }

    /// One default for every run (`make conformance`, `make matrix`, a bare `xds conformance`): 20 s of CPU
    /// and 60 s of wall time per call, as Docs/conformance.md states.
    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let defaults = try options([])
        #expect(defaults.limits.cpuSeconds == 20)
        #expect(defaults.limits.timeout == 60)
    }

    /// The wall clock must leave the CPU limit room: a timeout at or below it is a usage error, also when
    /// only one of the two is given; without a CPU limit any timeout goes.
    @Test(arguments: [["--timeout", "20"], ["--timeout", "5", "--cpu-limit", "5"], ["--cpu-limit", "60"]])
    func aTimeoutNotAboveTheCPULimitIsAUsageError(arguments: [String]) {
        let error = #expect(throws: UsageError.self) { try options(arguments) }
        #expect(error?.message.contains("must be above --cpu-limit") == true, "\(error?.message ?? "no error")")
    }

    @Test func aTimeoutAboveTheCPULimitIsKept() throws {
        #expect(try options(["--timeout", "21"]).limits.timeout == 21)
        #expect(try options(["--timeout", "5", "--cpu-limit", "0"]).limits.timeout == 5)
    }

    @Test func theCommandExits64() throws {
        let run = try BuiltProducts.run("xds", ["conformance", "--cpu-limit", "9223372036854775807"])
        #expect(run.status == 64, "\(run.stderrText)")
        #expect(run.stderrText.contains("--cpu-limit"))
    }
}
