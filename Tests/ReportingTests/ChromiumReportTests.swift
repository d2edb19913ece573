// Tests/ReportingTests/ChromiumReportTests.swift - The 14-implementation report as headless Chromium opens it

import ConformanceModel
import Foundation
import Reporting
import TestSupport
import Testing

/// The committed `Reports/conformance.json` (the 14-implementation matrix) rendered and opened in headless
/// Chromium from file://: sizes that open, the scorecard first, the filters hiding rows, a details link
/// landing on its case, the page loading in bounded time; and the committed page's measured first paint.
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

    /// The DOM headless Chromium holds once `url` has loaded. With a virtual-time budget, timers and scripts
    /// run ahead on a virtual clock for that many ms first; without one, the clock is real (what a timing needs).
    static func dump(_ chromium: String, _ url: String, profile: URL, virtualTimeBudget: Int? = 5000) throws -> (
        status: Int32, dom: String
    ) {
        var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)"]
        if let virtualTimeBudget { arguments.append("--virtual-time-budget=\(virtualTimeBudget)") }
        let result = try HostTool.run(chromium, arguments + ["--dump-dom", url])
        return (result.status, result.stdoutText)
    }

    /// Records the page's paint timings on its root element: at the load event, what
    /// `performance.getEntriesByType('paint')` holds (`data-paint`, `name=ms,…`), and first-contentful-paint's
    /// start (`data-fcp`, ms after navigation start) whenever it comes, through a buffered observer.
    static let paintProbe = """
        <script>(function () { var root = document.documentElement;
        new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) {
          if (e.name === 'first-contentful-paint') root.setAttribute('data-fcp', String(e.startTime)); }); })
          .observe({type: 'paint', buffered: true});
        addEventListener('load', function () { root.setAttribute('data-paint', performance.getEntriesByType('paint')
          .map(function (e) { return e.name + '=' + e.startTime; }).join(',')); }); })();</script>
        """

    /// One load of `page` in headless Chromium on the real clock: its first-contentful-paint in ms, or nil when
    /// the page loaded without one. The page is `page`'s bytes with `paintProbe` first in its `<head>`, written
    /// beside nothing else in `directory` (the report is one self-contained file).
    static func firstContentfulPaint(_ chromium: String, page: URL, in directory: URL) throws -> (
        milliseconds: Double?, paint: String
    ) {
        let html = try String(contentsOf: page, encoding: .utf8)
        let head = try #require(html.range(of: "<head>"), "\(page.path) has no <head>")
        let probed = directory.appendingPathComponent("probed-\(UUID().uuidString).html")
        try Data((html[..<head.upperBound] + paintProbe + html[head.upperBound...]).utf8).write(to: probed)
        let loaded = try dump(
            chromium, probed.absoluteString, profile: directory.appendingPathComponent("profile-\(UUID().uuidString)"),
            virtualTimeBudget: nil)
        #expect(loaded.status == 0)
        func attribute(_ name: String) -> String? {
            guard let start = loaded.dom.range(of: " \(name)=\"") else { return nil }
            return String(loaded.dom[start.upperBound...].prefix { $0 != "\"" })
        }
        return (attribute("data-fcp").flatMap(Double.init), attribute("data-paint") ?? "no load event")
    }

    @Test func theFourteenImplementationReportFitsWhereItIsRead() throws {
        let (directory, report) = try Self.rendered()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(report.runs.count >= 14)
        func size(_ name: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size]
                as? Int ?? Int.max
        }
        #expect(try size("conformance.html") <= 1_600_000)
        #expect(try size("conformance.md") <= 150_000)
        let html = try String(contentsOf: directory.appendingPathComponent("conformance.html"), encoding: .utf8)
        let scorecard = try #require(html.range(of: "<section id=\"scorecard\">"))
        for later in ["<section id=\"legend\">", "<section id=\"requirements\">", "<section id=\"matrix\">"] {
            #expect((html.range(of: later)?.lowerBound ?? html.startIndex) > scorecard.lowerBound, "\(later)")
        }
    }

    /// The committed `Reports/conformance.html` from file:// paints its first content within a second. This machine
    /// is shared and loaded (other builds, tests, fuzzers), so one load can wait behind other work: up to three loads
    /// are made and the best counts (the first within the bound ends it), which is what the page itself costs.
    @Test(.enabled(if: ChromiumRenderingTests.chromium != nil || ChromiumRenderingTests.required, "needs chromium"))
    func theCommittedReportPaintsItsFirstContentWithinOneSecond() throws {
        let chromium = try #require(ChromiumRenderingTests.chromium, "make test installs it with .ci/install-deps")
        let page = Self.root.appendingPathComponent("Reports/conformance.html")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var loads: [(milliseconds: Double?, paint: String)] = []
        while loads.count < 3, !loads.contains(where: { ($0.milliseconds ?? .infinity) <= 1_000 }) {
            loads.append(try Self.firstContentfulPaint(chromium, page: page, in: directory))
        }
        let measured = loads.compactMap(\.milliseconds)
        let best = try #require(
            measured.min(), "no first-contentful-paint in \(loads.count) loads; paint entries: \(loads.map(\.paint))")
        let times = measured.map { "\(Int($0.rounded())) ms" }.joined(separator: ", ")
        #expect(
            best <= 1_000,
            "first-contentful-paint of Reports/conformance.html: best \(Int(best.rounded())) ms of \(loads.count) loads (\(times)), over the 1000 ms bound"
        )
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
