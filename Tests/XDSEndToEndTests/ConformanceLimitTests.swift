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
        ["--cpu-limit", "9223372036854775807"], ["--cpu-limit", "86401"], ["--cpu-limit", "-1"],
        ["--memory-limit", "17592186044416"], ["--memory-limit", "8796093022208"], ["--memory-limit", "134217729"],
        ["--memory-limit", "15"], ["--memory-limit", "99999999999999999999"],
    ])
    func outOfRangeIsAUsageError(arguments: [String]) {
        #expect(throws: UsageError.self) { try options(arguments) }
    }

    @Test func limitsInRangeAreKeptExactly() throws {
        let largest = try options(["--memory-limit", "134217728", "--cpu-limit", "86400"])
        #expect(largest.limits.addressSpace == 1 << 47)
        #expect(largest.limits.cpuSeconds == 86400)
        #expect(try options(["--cpu-limit", "0"]).limits.cpuSeconds == nil)
    }

    @Test func theCommandExits64() throws {
        let run = try BuiltProducts.run("xds", ["conformance", "--cpu-limit", "9223372036854775807"])
        #expect(run.status == 64, "\(run.stderrText)")
        #expect(run.stderrText.contains("--cpu-limit"))
    }
}
