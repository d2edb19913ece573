// Tests/XDSEndToEndTests/ExampleAdapterTests.swift - The example adapter of Docs/conformance.md, as printed

import ChildProcess
import Foundation
import TestSupport
import Testing

/// Runs the "A complete example adapter" program exactly as Docs/conformance.md prints it, through `xds
/// conformance`, on inputs where its own code fails and where plistlib accepts a value tagged JSON cannot carry.
@Suite struct ExampleAdapterTests {
    /// The example adapter as `DocumentedQuickStartTests` reads it from the Markdown, written to a fresh directory.
    private static func extractedAdapter() throws -> String {
        let adapter = try DocumentedQuickStartTests.exampleAdapter()
        let directory = try ShellInDirectory.makeDirectory("xds-example-adapter")
        let path = directory + "/" + adapter.name
        try adapter.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The report's results of `cases`, by case id.
    private func results(_ adapter: String, _ cases: [String]) throws -> [String: [String: Any]] {
        let run = try BuiltProducts.run(
            "xds",
            ["conformance", "--vectors", BuiltProducts.packageRoot.path + "/Vectors", "--cmd", "python3 " + adapter]
                + cases.flatMap { ["--run", $0] } + ["--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: results.compactMap { result in
                (result["caseID"] as? String).map { ($0, result) }
            })
    }

    /// plistlib accepts a list that contains itself; the short `tag()` recurses until RecursionError. That is
    /// the adapter's own failure: exit 70 and a crash, never exit 1, which would grade as a correct rejection.
    @Test func itsOwnFailureIsACrashNotARejection() throws {
        let adapter = try Self.extractedAdapter()
        defer { try? FileManager.default.removeItem(atPath: (adapter as NSString).deletingLastPathComponent) }
        let bytes = try [UInt8](
            Data(
                contentsOf: BuiltProducts.packageRoot.appendingPathComponent(
                    "Vectors/plist/invalid/array-contains-itself.bplist")))
        let direct = try HostTool.run("python3", [adapter, "decode"], input: bytes)
        #expect(direct.status == 70, "\(direct.stderrText)")
        #expect(direct.stderrText.contains("adapter error: RecursionError"))
        let graded = try results(adapter, ["plist/invalid/array-contains-itself"])
        #expect(graded["plist/invalid/array-contains-itself"]?["outcome"] as? String == "crash")
        #expect(graded["plist/invalid/array-contains-itself"]?["exitStatus"] as? Int == 70)
    }

    /// An integer key plistlib accepts is shown as the acceptance it is (Docs/tagged-json.md), and plistlib's
    /// documented refusal and its recursion guard follow the exception policy: rejection, crash.
    @Test func theLibrarysVerdictsAreGradedAsDocumented() throws {
        let adapter = try Self.extractedAdapter()
        defer { try? FileManager.default.removeItem(atPath: (adapter as NSString).deletingLastPathComponent) }
        let graded = try results(
            adapter, ["plist/invalid/key-integer", "plist/invalid/one-byte", "plist/regressions/nesting-10000"])
        #expect(graded["plist/invalid/key-integer"]?["outcome"] as? String == "should-have-rejected")
        #expect(graded["plist/invalid/key-integer"]?["exitStatus"] as? Int == 0)
        #expect(graded["plist/invalid/one-byte"]?["outcome"] as? String == "pass")
        let deep = try #require(graded["plist/regressions/nesting-10000"])
        #expect(deep["outcome"] as? String == "crash")
        #expect((deep["diagnostics"] as? String)?.hasPrefix("policy: recursion-limit") == true)
    }
}
