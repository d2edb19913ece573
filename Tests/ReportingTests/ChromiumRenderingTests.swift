// Tests/ReportingTests/ChromiumRenderingTests.swift - conformance.html as headless Chromium renders it

import ConformanceModel
import Foundation
import ReportFormatting
import Reporting
import TestSupport
import Testing

@Suite struct ChromiumRenderingTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `make test` installs chromium (`.ci/install-deps`) and sets XDS_RELEASE_BIN: there it must run.
    static let required = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"] != nil

    @Test(.enabled(if: chromium != nil || required, "needs Debian chromium (apt-get install chromium)"))
    func rendersTheLegendAndEveryImplementationColumn() throws {
        let chromium = try #require(Self.chromium, "chromium is missing; make test installs it with .ci/install-deps")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("conformance.html")
        try Data(ConformanceHTML.render(SyntheticReport.report).utf8).write(to: file)

        let result = try HostTool.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory.path)/profile",
                "--dump-dom", file.absoluteString,
            ])
        let dom = result.stdoutText

        #expect(result.status == 0)
        #expect(dom.contains("<section id=\"legend\">"))
        for outcome in Outcome.allCases { #expect(dom.contains(outcome.meaning), "legend entry \(outcome)") }
        for info in SyntheticReport.implementations {
            #expect(dom.contains("data-impl=\"\(Escaping.html(info.name))\""), "column \(info.name)")
            #expect(dom.contains("<span>\(Escaping.html(info.name))</span></th>"), "column name \(info.name)")
        }
        // The browser parsed our escaping as text: no element was injected by the hostile output.
        #expect(!dom.contains("<script>alert"))
        #expect(!dom.contains("<b>&amp;amp;</b>"))
    }
}
