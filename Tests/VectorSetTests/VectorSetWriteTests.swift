// Tests/VectorSetTests/VectorSetWriteTests.swift - Writing the set into a folder: twice identical, stale files go, fs stays

import ConformanceModel
import Foundation
import Testing
import VectorGenerators

@Suite struct VectorSetWriteTests {
    static func tree(_ root: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let base = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return out }
        for case let url as URL in walker where !url.hasDirectoryPath {
            out[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return out
    }

    @Test func writingTwiceGivesIdenticalFilesAndRemovesStaleOnes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GeneratedVectorSet.write(to: root)
        let first = try Self.tree(root)
        let generated = GeneratedVectorSet.generated().flatMap(\.metadata.paths)
        #expect(Set(first.keys) == Set(generated + ["manifest.json"]))

        let stale = root.appendingPathComponent("plist/valid/renamed-away.bplist")
        try Data([1, 2, 3]).write(to: stale)
        // No generated vector is a regression: the folder is the harness's (and the hand-written vectors').
        let finding = root.appendingPathComponent("plist/regressions/new-fuzz-finding.bplist")
        try FileManager.default.createDirectory(
            at: finding.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([4, 5, 6]).write(to: finding)
        var manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: root.appendingPathComponent("manifest.json")))
        let plan = VectorMetadata(
            id: "fs/valid/example-plan", area: .fs, group: .valid, input: "fs/valid/example-plan.plan", expected: nil,
            description: "kept", spec: "fs", level: .required, tags: [.size], since: suiteVersion, error: nil,
            made: "by hand")
        manifest.vectors.append(plan)
        try GeneratedVectorSet.render(manifest).withUnsafeBufferPointer {
            try Data($0).write(to: root.appendingPathComponent("manifest.json"))
        }

        try GeneratedVectorSet.write(to: root)
        var second = try Self.tree(root)
        #expect(second["plist/valid/renamed-away.bplist"] == nil, "a file the generator no longer makes is removed")
        #expect(second.removeValue(forKey: "plist/regressions/new-fuzz-finding.bplist") == Data([4, 5, 6]))
        let kept = try JSONDecoder().decode(Manifest.self, from: #require(second["manifest.json"]))
        #expect(kept.vectors.contains(plan), "fs entries of the manifest are kept")
        let listed = kept.vectors.first { $0.id == "plist/regressions/new-fuzz-finding" }
        #expect(listed?.level == .implementationDefined && listed?.tags == [.fuzz], "an unlisted finding is listed")
        var withoutManifest = second
        withoutManifest["manifest.json"] = first["manifest.json"]
        #expect(withoutManifest == first)
    }
}
