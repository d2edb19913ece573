// Tests/ConformanceRunnerTests/EnvironmentTests.swift - `--cmd` splitting and the provenance facts of the machine

import ChildProcess
import Foundation
import Testing

@testable import ConformanceRunner

@Suite struct EnvironmentTests {
    @Test func splitsQuotesAndEscapes() throws {
        #expect(try shellSplit("python3  adapter.py") == ["python3", "adapter.py"])
        #expect(try shellSplit(#"run 'a b' "c \"d\"" e\ f ''"#) == ["run", "a b", #"c "d""#, "e f", ""])
        #expect(throws: ShellSplitError(message: "unterminated single quote")) { try shellSplit("'open") }
        #expect(throws: ShellSplitError(message: "unterminated double quote")) { try shellSplit("\"open") }
        #expect(throws: ShellSplitError(message: "trailing backslash")) { try shellSplit("open\\") }
    }

    @Test func quotingRoundTrips() throws {
        let words = ["plain", "with space", "it's", ""]
        #expect(try shellSplit(words.map(shellQuote).joined(separator: " ")) == words)
    }

    @Test func filesystemOfAPathAgreesWithFindmnt() throws {
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let result = ProcessRunner.run(
            ["findmnt", "-n", "-o", "FSTYPE", "--target", work], input: [], limits: ProcessLimits(timeout: 10))
        let expected = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(result.verdict == .accepted, "findmnt (util-linux) is needed")
        #expect(RunEnvironment.filesystem(of: work) == expected)
    }
}
