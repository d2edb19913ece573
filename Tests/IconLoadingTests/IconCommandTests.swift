// Tests/IconLoadingTests/IconCommandTests.swift - `xds icon`: exit statuses and output, in process

import AttributeFiles
import DocumentSource
import Foundation
import IconImages
import IconLoadingArea
import Testing
import XDSCommands

@Suite struct IconCommandTests {
    func run(_ arguments: [String]) -> Int32 {
        XDS.main(["xds", "icon", "--allow-private-hosts"] + arguments).rawValue
    }

    func output() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("xds-icon-\(UUID()).png").path
    }

    @Test func exitStatuses() throws {
        let site = try TestSite.standard()
        let common = ["--ca-file", site.caFile, "--no-cache"]
        let written = output()
        defer { try? FileManager.default.removeItem(atPath: written) }
        #expect(run(["--app-info-url", site.appInfoURL, "--scale", "2", "-o", written] + common) == 0)
        #expect(try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: written)))).width == 58)
        let small = try TestSite.smallOnly()
        #expect(
            run([
                "--app-info-url", small.appInfoURL, "--scale", "2", "-o", output(), "--ca-file", small.caFile,
                "--no-cache",
            ]) == 1)
        let http = site.server.httpOrigin + "/app/appInfo.json"
        #expect(run(["--app-info-url", http, "--scale", "2", "-o", output()] + common) == 2)
        #expect(run(["--app-info-url", site.origin + "/missing.json", "--scale", "2", "-o", output()] + common) == 3)
        #expect(run(["--app-info-url", site.appInfoURL, "--scale", "2"] + common) == 64)
        #expect(run(["--app-info-url", site.appInfoURL, "--scale", "0", "-o", output()] + common) == 64)
        #expect(run(["--app-info-url", site.appInfoURL, "--scale", "2", "--corners", "square", "-o", output()]) == 64)
        #expect(run(["--app-info-url", site.appInfoURL, "--scale", "2", "--timeout", "-1", "-o", output()]) == 64)
        #expect(FileManager.default.fileExists(atPath: written))
    }

    @Test func undecodableImageExits4() throws {
        let site = try TestSite.standard(imageRoute: ["file_prefix": 50])
        #expect(
            run([
                "--app-info-url", site.appInfoURL, "--scale", "2", "-o", output(), "--ca-file", site.caFile,
                "--no-cache",
            ])
                == 4)
    }

    @Test func jpegCPUBombIsRefusedWithExit2() throws {
        // 20,000 repeats of one scan: refused from the markers (exit 2), never decoded.
        let site = try TestSite(
            files: [
                "appInfo.json": Array(#"{"icons":[{"width":58,"height":58,"src":"bomb.jpg"}]}"#.utf8),
                "bomb.jpg": TestImages.repeatedScanJPEG(width: 64, height: 64, scans: 20_000),
            ],
            routes: [
                "/app/appInfo.json": ["file": "appInfo.json"],
                "/app/bomb.jpg": ["file": "bomb.jpg", "type": "image/jpeg"],
            ])
        let written = output()
        defer { try? FileManager.default.removeItem(atPath: written) }
        #expect(
            run([
                "--app-info-url", site.appInfoURL, "--scale", "2", "-o", written, "--ca-file", site.caFile,
                "--no-cache",
            ]) == 2)
        #expect(!FileManager.default.fileExists(atPath: written))
    }

    @Test func pathModeReadsTheAttribute() throws {
        let site = try TestSite.standard()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xds-icon-attr-\(UUID())").path
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: file) }
        let attribute = DocumentSourceAttribute(
            identifier: "com.example.app", name: "Example", path: "a.txt", appInfoURL: site.appInfoURL)
        try AttributeFile.write(attribute, to: file)
        let written = output()
        defer { try? FileManager.default.removeItem(atPath: written) }
        #expect(run([file, "--scale", "3", "-o", written, "--ca-file", site.caFile, "--no-cache"]) == 0)
        #expect(try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: written)))).width == 87)
        // A file without the attribute: no icon.
        let bare = FileManager.default.temporaryDirectory.appendingPathComponent("xds-icon-bare-\(UUID())").path
        _ = FileManager.default.createFile(atPath: bare, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: bare) }
        #expect(run([bare, "--scale", "2", "-o", output(), "--no-cache"]) == 1)
        #expect(run([bare, "--app-info-url", site.appInfoURL, "--scale", "2", "-o", output()]) == 64)
    }

    @Test func clearCacheAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xds-cc-\(UUID())").path
        #expect(run(["--clear-cache", "--cache-dir", directory]) == 0)
    }
}
