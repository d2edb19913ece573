// Tests/ReportingTests/ReportCommandTests.swift - `xds report` from the release build: re-rendering and exit statuses

import Foundation
import Reporting
import TestSupport
import Testing

@Suite struct ReportCommandTests {
    static let releaseBin = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"]

    func run(_ arguments: [String]) throws -> Int32 {
        try HostTool.run(try #require(Self.releaseBin) + "/xds", ["report"] + arguments).status
    }

    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(.enabled(if: releaseBin != nil, "set XDS_RELEASE_BIN to the release build directory (make test does)"))
    func reRendersEveryFileFromConformanceJSON() throws {
        let input = try scratch()
        let output = try scratch()
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        let json = ConformanceJSON.encode(SyntheticReport.report)
        try Data(json).write(to: input.appendingPathComponent("conformance.json"))
        #expect(
            try run(["--in", input.path, "--out", output.path, "--vectors", input.path, "--junit", "libplist"]) == 0)
        for name in ["conformance.json", "conformance.md", "conformance.html", "junit-libplist.xml"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "\(name)")
        }
        let copied = try Data(contentsOf: output.appendingPathComponent("conformance.json"))
        #expect(Array(copied) == json)
        let html = try String(contentsOf: output.appendingPathComponent("conformance.html"), encoding: .utf8)
        #expect(html == ConformanceHTML.render(SyntheticReport.report, vectors: VectorLibrary(root: input.path)))
    }

    @Test(.enabled(if: releaseBin != nil, "set XDS_RELEASE_BIN to the release build directory (make test does)"))
    func exitStatusesFollowTheContract() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try run(["--in", directory.path]) == 74, "nothing to render")
        try Data(ConformanceJSON.encode(SyntheticReport.report)).write(
            to: directory.appendingPathComponent("conformance.json"))
        #expect(try run(["--in", directory.path, "--junit", "nobody"]) == 64)
        #expect(try run(["--in", directory.path, "--bogus"]) == 64)
        try Data("{\"runs\": 1}".utf8).write(to: directory.appendingPathComponent("conformance.json"))
        #expect(try run(["--in", directory.path]) == 1, "not a report")
    }
}
