// Tests/BuiltInPeersTests/InstalledXDSTests.swift - xds copied out of the build runs its built-in peers anywhere

import ConformanceModel
import Foundation
import TestSupport
import Testing

@Suite struct InstalledXDSTests {
    /// What `make install` copies: the two executables and the resources beside them.
    static let installed = ["xds", "xds-adapter-foundation", "x-document-source_BuiltInPeers.resources"]

    @Test func aCopiedXDSFindsItsListsAndThePlistlibAdapterOutsideTheCheckout() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xds-installed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let built = (BuiltProducts.path(of: "xds") as NSString).deletingLastPathComponent
        // Copied by cp(1), not in this process: a copy written here would be open for writing while other
        // tests fork, and exec would then fail with "text file busy" (exit 126).
        let copy = try HostTool.run("/bin/cp", ["-R"] + Self.installed.map { built + "/" + $0 } + [bin.path])
        try #require(copy.status == 0, "\(copy.stderrText)")
        let vectors = BuiltProducts.packageRoot.appendingPathComponent("Vectors").path
        let out = root.appendingPathComponent("out").path
        // Run from a directory outside the checkout, so nothing can be found by walking up to Sources/.
        let result = try HostTool.run(
            "/bin/sh",
            [
                "-c",
                "cd \"$1\" && exec \"$2\" conformance --vectors \"$3\" --out \"$4\" --impl libplist,plistlib "
                    + "--run 'plist/invalid/*' --level required --jobs 2", "sh", elsewhere.path, bin.path + "/xds",
                vectors, out,
            ])
        // Both peers deviate on required invalid plists: only their shipped lists make the run pass.
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try JSONDecoder().decode(
            ConformanceReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/conformance.json")))
        #expect(report.runs.map(\.implementation.name) == ["libplist", "plistlib"])
        for run in report.runs {
            #expect(run.results.contains { $0.knownFailure != nil }, "\(run.implementation.name): no list applied")
            #expect(run.results.allSatisfy { $0.outcome != .crash || $0.knownFailure != nil })
        }
        #expect(report.runs.last?.implementation.command?.contains(bin.path) == true)
    }
}
