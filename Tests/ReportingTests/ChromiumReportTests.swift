// Tests/ReportingTests/ChromiumReportTests.swift - The 14-implementation report as headless Chromium opens it

import ConformanceModel
import Foundation
import Reporting
import TestSupport
import Testing

/// The committed `Reports/conformance.json` (the 14-implementation matrix) rendered and opened in headless
/// Chromium from file://: sizes that open, the scorecard first, the filters hiding rows, a details link
/// landing on its case, the page loading in bounded time.
@Suite struct ChromiumReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func rendered() throws -> (URL, ConformanceReport) {
        let report = try ReportFiles.read(from: root.appendingPathComponent("Reports").path)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try ReportFiles.write(
            report, to: directory.path, vectors: VectorLibrary(root: root.appendingPathComponent("Vectors").path),
            includeJSON: false)
        return (directory, report)
    }

    static func dump(_ chromium: String, _ url: String, profile: URL) throws -> (status: Int32, dom: String) {
        let result = try HostTool.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
                "--virtual-time-budget=5000", "--dump-dom", url,
            ])
        return (result.status, result.stdoutText)
    }

    @Test func theFourteenImplementationReportFitsWhereItIsRead() throws {
        let (directory, report) = try Self.rendered()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(report.runs.count >= 14)
        func size(_ name: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size]
                as? Int ?? Int.max
        }
        #expect(try size("conformance.html") <= 1_500_000)
        #expect(try size("conformance.md") <= 150_000)
        let html = try String(contentsOf: directory.appendingPathComponent("conformance.html"), encoding: .utf8)
        let scorecard = try #require(html.range(of: "<section id=\"scorecard\">"))
        for later in ["<section id=\"legend\">", "<section id=\"requirements\">", "<section id=\"matrix\">"] {
            #expect((html.range(of: later)?.lowerBound ?? html.startIndex) > scorecard.lowerBound, "\(later)")
        }
    }

    @Test(.enabled(if: ChromiumRenderingTests.chromium != nil || ChromiumRenderingTests.required, "needs chromium"))
    func firstScreenFiltersAndDetailsWorkInChromium() throws {
        let chromium = try #require(ChromiumRenderingTests.chromium, "make test installs it with .ci/install-deps")
        let (directory, report) = try Self.rendered()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("conformance.html").absoluteString
        let profile = directory.appendingPathComponent("profile")

        let started = Date()
        let plain = try Self.dump(chromium, page, profile: profile)
        #expect(plain.status == 0)
        #expect(Date().timeIntervalSince(started) < 60, "the page loads in bounded time")
        let rows = plain.dom.components(separatedBy: "<tr data-a=").count - 1
        #expect(rows > 800)
        #expect(!plain.dom.contains("<tr data-a=\"plist\" data-h=\"memory-safety\" hidden"))
        // The scorecard comes first, with a row per implementation.
        let body = try #require(plain.dom.range(of: "<body>"))
        let firstSection = try #require(
            plain.dom.range(of: "<section id=", range: body.upperBound..<plain.dom.endIndex))
        #expect(plain.dom[firstSection.upperBound...].hasPrefix("\"scorecard\""))

        // The scorecard's link for one implementation's signal crashes: only those rows stay visible.
        let column = try #require(
            report.runs.firstIndex { run in run.results.contains { $0.severity == .memorySafetyCrash } })
        let expected = Set(report.runs[column].results.filter { $0.severity == .memorySafetyCrash }.map(\.caseID))
        let filterLink = "#f:impl=\(column + 1)&sev=s0"
        #expect(plain.dom.contains("href=\"\(filterLink.replacingOccurrences(of: "&", with: "&amp;"))\""))
        let filtered = try Self.dump(chromium, page + filterLink, profile: profile)
        let shown = filtered.dom.components(separatedBy: "<tr data-a=").dropFirst().filter {
            !($0.prefix { $0 != ">" }.contains("hidden"))
        }
        #expect(shown.count == expected.count)
        #expect(filtered.dom.contains("\(expected.count) of \(rows) cases shown"))

        // A crash cell's details link lands on its result, labelled for what the box holds.
        let caseID = try #require(expected.sorted().first)
        let area = try #require(report.runs[column].results.first { $0.caseID == caseID }?.area)
        let anchor = ConformanceHTML.resultAnchor(report.runs[column].implementation.name, caseID)
        let link = ConformanceHTML.detailFile(area) + "#" + anchor
        #expect(plain.dom.contains("href=\"\(link)\""))
        let details = try Self.dump(
            chromium, directory.appendingPathComponent(ConformanceHTML.detailFile(area)).absoluteString + "#" + anchor,
            profile: profile)
        let block = try #require(details.dom.range(of: "id=\"\(anchor)\""))
        let text = details.dom[block.upperBound...].prefix(1500)
        #expect(text.contains("memory-safety crash"))
        #expect(text.contains("how it ended, then any standard output"))
        #expect(!text.contains("title=\"stdout\""))
    }
}
