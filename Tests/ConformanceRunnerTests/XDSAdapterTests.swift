// Tests/ConformanceRunnerTests/XDSAdapterTests.swift - `xds` as an adapter agrees with the in-process reference;
// `xds conformance` end to end (exit status, known-failure lists, reports)

import BinaryPlist
import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

private let xdsBinary = BuiltProducts.path(of: "xds")

@Suite struct XDSAdapterTests {
    @Test func xdsAsAnAdapterAgreesWithTheInProcessReference() throws {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        let cases = ConformanceCase.all(try set.load().vectors)
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let limits = ProcessLimits(timeout: 30)
        let capabilities = try ProcessImplementation.probeCapabilities([xdsBinary], limits: limits).get()
        #expect(Set(capabilities) == Set(AdapterCall.allCases.map(\.rawValue)))
        let adapter = ProcessImplementation(
            info: ImplementationInfo(
                name: "xds", title: "xds", version: "test", kind: "adapter", command: xdsBinary,
                capabilities: capabilities),
            command: [xdsBinary], limits: limits)
        let runs = Runner(judge: Judge(workDirectory: work), jobs: 2).run(
            cases, on: [ReferenceImplementation(version: "test"), adapter])
        #expect(runs[0].results.map(\.outcome) == runs[1].results.map(\.outcome))
        #expect(runs[0].results.allSatisfy { $0.outcome == .pass }, "\(runs[0].results.filter { $0.outcome != .pass })")
        #expect(cases.map(\.id).contains("attribute/valid/complete#write"))
        #expect(cases.map(\.id).contains("plist/valid/dictionary#encode"))
    }

    /// Runs `xds conformance` with `arguments`; returns (status, stdout, stderr).
    private func conformance(_ arguments: [String]) -> (Int32?, String, String) {
        let result = ProcessRunner.run(
            [xdsBinary, "conformance"] + arguments, input: [], limits: ProcessLimits(timeout: 120, cpuSeconds: nil))
        return (
            result.exitStatus, String(decoding: result.stdout, as: UTF8.self),
            String(decoding: result.stderr, as: UTF8.self)
        )
    }

    @Test func knownFailureListsDecideTheExitStatusAndCannotRot() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        let out = set.directory + "-out"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let list = set.directory + "-known.txt"
        defer { try? FileManager.default.removeItem(atPath: list) }
        let adapter = ["--vectors", set.directory, "--cmd", Fixtures.adapter("wrong"), "--name", "wrong"]

        // Unlisted required deviations fail the run; the list written from it makes the run clean.
        let (failing, _, failingErrors) = conformance(adapter)
        #expect(failing == 1)
        #expect(failingErrors.contains("attribute/valid/name: wrong-value"))
        // Writing the list is what that run was for: it says what it wrote and exits 0.
        let (writing, _, writingErrors) = conformance(adapter + ["--write-known-failures", list, "--out", out])
        #expect(writing == 0, "\(writingErrors)")
        let written = try String(contentsOfFile: list, encoding: .utf8)
        #expect(written.contains("plist/invalid/junk # should-have-rejected"))
        let entries = written.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
        #expect(
            writingErrors.contains(
                "wrote \(entries) entries to \(list); review them, then run with --known-failures \(list)"))
        let (clean, table, _) = conformance(adapter + ["--known-failures", list])
        #expect(clean == 0)
        #expect(table.contains("wrong"))
        // The reports were written, with JUnit for the adapter.
        for name in ["conformance.json", "conformance.md", "conformance.html", "junit-wrong.xml"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + name), "\(name) missing")
        }

        // A listed case that passes (the correct adapter) is stale: the run fails and says so.
        let (stale, _, staleErrors) = conformance(
            [
                "--vectors", set.directory, "--cmd", Fixtures.adapter("echo"), "--known-failures", list, "--run",
                "plist/*",
            ])
        #expect(stale == 1)
        #expect(staleErrors.contains("plist/invalid/junk: listed as a known failure but passes now"))

        // An id that names nothing fails too.
        try Data("plist/invalid/no-such-vector # gone\n".utf8).write(to: URL(fileURLWithPath: list))
        let (unknown, _, unknownErrors) = conformance(adapter + ["--known-failures", list, "--run", "icons/*"])
        #expect(unknown == 1)
        #expect(unknownErrors.contains("plist/invalid/no-such-vector: listed as a known failure but no such vector"))
    }

    @Test func usageErrorsExit64AndFiltersNarrowTheRun() throws {
        let set = try SyntheticVectors.mixed()
        defer { set.remove() }
        #expect(conformance(["--vectors", set.directory, "--impl", "nonsense"]).0 == 64)
        #expect(conformance(["--vectors", set.directory, "--area", "fs"]).0 == 64)
        #expect(conformance(["--vectors", set.directory + "/missing", "--cmd", Fixtures.adapter("echo")]).0 == 74)
        let (status, json, _) = conformance([
            "--vectors", set.directory, "--cmd", Fixtures.adapter("echo"), "--area", "icons", "--skip", "*@scale=3",
            "--json",
        ])
        #expect(status == 0)
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(json.utf8))
        #expect(report.runs.map(\.implementation.name) == ["adapter"])
        #expect(report.runs[0].results.map(\.caseID) == ["icons/valid/one@scale=1", "icons/valid/one@scale=2"])
        #expect(report.provenance.vectorDigest == (try set.load()).digest)
    }
}
