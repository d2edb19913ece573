// Tests/XDSEndToEndTests/ConformanceFirstRunTests.swift - A first run says what it is; --cmd adapters' versions

import ChildProcess
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct ConformanceFirstRunTests {
    @Test func aFirstRunWithoutAListSaysSoAndGivesTheCommand() throws {
        let run = try BuiltProducts.run(
            "xds",
            [
                "conformance", "--vectors", BuiltProducts.packageRoot.path + "/Vectors", "--cmd",
                Fixtures.adapter("exit2"), "--run", "plist/valid/bool-*",
            ])
        #expect(run.status == 1)
        #expect(run.stderrText.contains("FAIL adapter:"))
        #expect(run.stderrText.contains("has no known-failure list yet"))
        #expect(run.stderrText.contains("--write-known-failures adapter-known.txt"))
        // Each line of the note on a line of its own, not joined with escaped line breaks.
        #expect(!run.stderrText.contains("counts\\x0Aas unexpected"))
        #expect(run.stderrText.split(separator: "\n").contains { $0.hasPrefix("as unexpected.") })
    }

    @Test func theVersionOfACommandAdapterIsAskedAndRecorded() throws {
        let limits = ProcessLimits(timeout: 10)
        let answering = ["sh", "-c", #"[ "$1" = version ] && printf 'libexample 1.2\nmore\n'"#, "adapter"]
        #expect(ProcessImplementation.probeVersion(answering, limits: limits) == "libexample 1.2")
        #expect(ProcessImplementation.probeVersion([Fixtures.adapter("exit2")], limits: limits) == nil)
        let run = try BuiltProducts.run(
            "xds",
            [
                "conformance", "--vectors", BuiltProducts.packageRoot.path + "/Vectors", "--cmd",
                Fixtures.adapter("version"), "--run", "plist/invalid/header-*", "--json",
            ])
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any]
        let runs = try #require(report?["runs"] as? [[String: Any]])
        let implementation = try #require(runs.first?["implementation"] as? [String: Any])
        #expect(implementation["version"] as? String == "libexample 1.2")
    }
}
