// Tests/XDSEndToEndTests/ConformanceFirstRunTests.swift - A first run says what it is; --cmd adapters' versions

import ChildProcess
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct ConformanceFirstRunTests {
    /// The hint repeats the run as typed (vectors, area, run, name) and, pasted in the same directory, works:
    /// the first command writes the list and exits 0, the second runs with it and exits 0.
    @Test func theFirstRunHintsCommandsWorkAsPrinted() throws {
        let directory = try ShellInDirectory.makeDirectory("xds-first-run")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Fixtures.adapter("wrong"), toPath: directory + "/wrong adapter.sh")
        let vectors = BuiltProducts.packageRoot.path + "/Vectors"
        let first = try ShellInDirectory.run(
            "xds conformance --vectors '\(vectors)' --cmd \"sh 'wrong adapter.sh'\" --name mine --area plist"
                + " --run 'plist/valid/bool-*'",
            in: directory)
        #expect(first.status == 1, "\(first.stderrText)")
        #expect(first.stderrText.contains("FAIL mine:"))
        #expect(first.stderrText.contains("has no known-failure list yet"))
        // Each line of the note on a line of its own, not joined with escaped line breaks.
        #expect(!first.stderrText.contains("counts\\x0Aas unexpected"))
        let lines = first.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("as unexpected.") })
        let commands = lines.filter { $0.hasPrefix("  xds conformance ") }.map { String($0.dropFirst(2)) }
        try #require(commands.count == 2, "\(first.stderrText)")
        for option in ["--vectors", "--area plist", "--name mine", "--run"] {
            #expect(commands.allSatisfy { $0.contains(option) }, "\(option) missing from \(commands)")
        }
        #expect(commands[0].hasSuffix("--write-known-failures mine-known.txt"))
        #expect(commands[1].hasSuffix("--known-failures mine-known.txt"))
        let write = try ShellInDirectory.run(commands[0], in: directory)
        #expect(write.status == 0, "\(commands[0])\n\(write.stderrText)")
        #expect(FileManager.default.fileExists(atPath: directory + "/mine-known.txt"))
        let again = try ShellInDirectory.run(commands[1], in: directory)
        #expect(again.status == 0, "\(commands[1])\n\(again.stderrText)")
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
