// Tests/XDSEndToEndTests/IconServerContainmentTests.swift - The icon fixture server lives as long as the run

import Foundation
import TestSupport
import Testing

@Suite struct IconServerContainmentTests {
    /// `xds conformance` kills every child of its own that is not a call in flight after each adapter call
    /// (escapees of `setsid`). The icon fixture server is a child too: it must be spared, or every
    /// icon-loading case after an external adapter's first call finds nothing listening (30 of 72 crashed).
    @Test func anExternalAdapterKeepsTheServerForEveryIconLoadingCase() throws {
        let out = NSTemporaryDirectory() + "xds-icon-server-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try BuiltProducts.run(
            "xds",
            [
                "conformance", "--vectors", BuiltProducts.packageRoot.path + "/Vectors", "--cmd",
                BuiltProducts.path(of: "xds"), "--name", "external", "--area", "icon-loading", "--jobs", "2",
                "--timeout", "60", "--cpu-limit", "30", "--out", out,
            ])
        // Any deviation of an adapter without a known-failure list fails the run.
        #expect(result.status == 0, "\(result.stdoutText.suffix(2000))\n\(result.stderrText.suffix(2000))")
        let report = try #require(FileManager.default.contents(atPath: out + "/conformance.json"))
        let text = String(decoding: report, as: UTF8.self)
        #expect(text.contains("\"load-icon\""), "no icon-loading case ran")
        #expect(!text.contains("\"crash\""), "a case crashed")
    }
}
