// Tests/ConformanceModelTests/VectorDirectoryDigestTests.swift - The digest a report records names the set's version

import ConformanceModel
import Foundation
import Testing

@Suite struct VectorDirectoryDigestTests {
    /// A vector directory holding only `manifest` (no vectors), removed after `body`.
    private func withManifest(_ manifest: String, _ body: (String) throws -> Void) throws {
        let directory = NSTemporaryDirectory() + "xds-digest-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: directory + "/manifest.json"))
        try body(directory)
    }

    @Test func digestNamesTheManifestsSuiteVersionThenItsHash() throws {
        let manifest = #"{"suiteVersion": "7.3.1", "vectors": []}"#
        try withManifest(manifest) { directory in
            let loaded = try VectorDirectory.load(directory: directory)
            let hex = VectorDirectory.computeDigest([("manifest.json", Array(manifest.utf8))])
            #expect(loaded.digest == "7.3.1/sha256:" + hex)
            #expect(hex.count == 64)
        }
    }
}
