// Tests/XDSEndToEndTests/IconLoadingVectorsDirectoryTests.swift - `xds conformance --vectors DIR` with icon-loading
// vectors of one's own: copied and edited ones run; a malformed one stops the run, naming it

import ChildProcess
import ConformanceModel
import Foundation
import TestSupport
import Testing

@Suite struct IconLoadingVectorsDirectoryTests {
    /// A vectors directory holding the committed `icon-loading/valid/exact-sizes-scale-1` and
    /// `icon-loading/invalid/image-404-scale-1`, the site of the first passed through `editSite`.
    static func directory(editSite: (String) -> String = { $0 }) throws -> URL {
        let source = BuiltProducts.packageRoot.appendingPathComponent("Vectors")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xds-own-\(UUID().uuidString)")
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: source.appendingPathComponent("manifest.json")))
        let kept = manifest.vectors.filter {
            ["icon-loading/valid/exact-sizes-scale-1", "icon-loading/invalid/image-404-scale-1"].contains($0.id)
        }
        for path in kept.flatMap(\.paths) {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            var data = try Data(contentsOf: source.appendingPathComponent(path))
            if path == "icon-loading/valid/exact-sizes-scale-1.site.json" {
                data = Data(editSite(String(decoding: data, as: UTF8.self)).utf8)
            }
            try data.write(to: target)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Manifest(suiteVersion: suiteVersion, vectors: kept)).write(
            to: root.appendingPathComponent("manifest.json"))
        return root
    }

    static func conformance(_ root: URL) throws -> CallResult {
        try BuiltProducts.run(
            "xds", ["conformance", "--vectors", root.path, "--impl", "reference", "--area", "icon-loading", "--json"])
    }

    @Test func ownIconLoadingVectorsRunFromTheirDirectory() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.conformance(root)
        #expect(run.status == 0, "\(run.stderrText)")
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(run.stdout))
        let results = report.runs.first?.results ?? []
        #expect(
            results.map(\.caseID).sorted() == [
                "icon-loading/invalid/image-404-scale-1", "icon-loading/valid/exact-sizes-scale-1",
            ])
        #expect(results.allSatisfy { $0.outcome == .pass })
    }

    @Test func anEditedSiteChangesTheVerdict() throws {
        // The chosen icon now answers 404: the reference loads no icon where the expectation says one.
        let root = try Self.directory {
            $0.replacingOccurrences(
                of: "\"file\" : \"icon-loading/images/pattern-29.png\",\n      \"status\" : 200",
                with: "\"file\" : \"icon-loading/images/pattern-29.png\",\n      \"status\" : 404")
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.conformance(root)
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(run.stdout))
        let exact = report.runs.first?.results.first { $0.caseID == "icon-loading/valid/exact-sizes-scale-1" }
        #expect(exact?.outcome == .shouldHaveAccepted)
    }

    @Test func aMalformedVectorStopsTheRunNamingIt() throws {
        let root = try Self.directory { $0.replacingOccurrences(of: #""entry""#, with: #""entry-point""#) }
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.conformance(root)
        #expect(run.status == 74)
        #expect(run.stderrText.contains("icon-loading/valid/exact-sizes-scale-1"), "\(run.stderrText)")
    }
}
