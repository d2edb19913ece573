// Tests/ReportingTests/HTMLSizeTests.swift - conformance.html does not repeat what passing cases printed

import ConformanceModel
import Reporting
import Testing

@Suite struct HTMLSizeTests {
    @Test func aPassingResultsOutputIsLeftToTheJSONAndADeviationsIsShown() {
        var report = SyntheticReport.report
        report.runs[0].results[0].actual = "PASSING-OUTPUT-MARKER"
        report.runs[2].results[1].actual = "DEVIATING-OUTPUT-MARKER"
        let html = SyntheticReport.allHTML(report)
        #expect(!html.contains("PASSING-OUTPUT-MARKER"))
        #expect(html.contains("as expected (output in conformance.json)"))
        #expect(html.contains("DEVIATING-OUTPUT-MARKER"))
        #expect(String(decoding: ConformanceJSON.encode(report), as: UTF8.self).contains("PASSING-OUTPUT-MARKER"))
    }
}
