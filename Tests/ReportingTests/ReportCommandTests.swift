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

    @Test(.enabled(if: releaseBin != nil, "set XDS_RELEASE_BIN to the release build directory (make test does)"))
    func onlyFuzzDrawsTheCoverageOverTimeFromFuzzJSON() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("fuzz-coverage-time.png")
        try Data(ConformanceJSON.encode(SyntheticReport.report)).write(
            to: directory.appendingPathComponent("conformance.json"))
        // A fuzz.json from before coverage over time was recorded: nothing to draw, nothing written.
        let fuzz = directory.appendingPathComponent("fuzz.json")
        try Data(#"{"provenance": {"commit": "abc1234"}, "targets": [{"target": "FuzzAttribute"}]}"#.utf8).write(
            to: fuzz)
        #expect(try run(["--in", directory.path, "--only", "fuzz"]) == 0)
        #expect(!FileManager.default.fileExists(atPath: picture.path))
        try Data(
            #"""
            {"provenance": {"commit": "abc1234", "command": "make fuzz-report", "date": "2026-12-01T00:00:00Z"},
             "targets": [{"target": "FuzzAttribute", "jobs": 2, "coverage_over_time": [[2, 950], [30, 970], [61, 980]]},
                         {"target": "FuzzTaggedJSON", "jobs": 2, "coverage_over_time": [[2, 2000], [61, 2100]]}]}
            """#.utf8
        ).write(to: fuzz)
        #expect(try run(["--in", directory.path, "--only", "fuzz"]) == 0)
        let png = try Array(Data(contentsOf: picture))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // --only fuzz leaves the conformance renderings alone.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("conformance.md").path))
        #expect(try run(["--in", directory.path, "--only", "matrix"]) == 64)
        try FileManager.default.removeItem(at: fuzz)
        #expect(try run(["--in", directory.path, "--only", "fuzz"]) == 74, "no fuzz.json")
    }
}
