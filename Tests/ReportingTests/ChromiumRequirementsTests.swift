// Tests/ReportingTests/ChromiumRequirementsTests.swift - the requirements view as headless Chromium renders it

import ConformanceModel
import Foundation
import Reporting
import Testing

@Suite struct ChromiumRequirementsTests {
    @Test(
        .enabled(
            if: ChromiumRenderingTests.chromium != nil || ChromiumRenderingTests.required,
            "needs Debian chromium (apt-get install chromium)"))
    func rendersTheRequirementsAndLinksCasesToThem() throws {
        let chromium = try #require(ChromiumRenderingTests.chromium, "chromium is missing; make test installs it")
        var report = RequirementViewTests.report
        report.requirements?[0].summary = SyntheticReport.hostile
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("conformance.html")
        try Data(ConformanceHTML.render(report).utf8).write(to: file)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory.path)/profile",
            "--dump-dom", file.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        #expect(dom.contains("<section id=\"requirements\">"))
        #expect(dom.contains("<tr id=\"req-p_2evalid\">"))
        #expect(dom.contains("<section id=\"scorecard\">"))
        // The hostile summary stayed text.
        #expect(!dom.contains("<script>alert"))
    }
}
