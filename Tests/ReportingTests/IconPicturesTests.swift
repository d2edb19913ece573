// Tests/ReportingTests/IconPicturesTests.swift - icon-loading cases show the source and each output side by side

import ConformanceModel
import Foundation
import Reporting
import Testing

@Suite struct IconPicturesTests {
    @Test func iconLoadingCasesShowSourceAndEveryOutput() {
        var report = SyntheticReport.report
        let source = "U09VUkNF"  // base64 placeholders: the renderer embeds, never decodes
        let outputs = ["UkVG", nil, "RVZJTA=="]
        let outcomes: [Outcome] = [.pass, .notApplicable, .wrongValue]
        for index in report.runs.indices {
            var result = SyntheticReport.result(
                "icon-loading/valid/exact-sizes-scale-2", .iconLoading, .valid, outcomes[index])
            result.picture = outputs[index]
            result.sourcePicture = outcomes[index] == .notApplicable ? nil : source
            report.runs[index].results.append(result)
        }
        let html = SyntheticReport.allHTML(report)
        #expect(html.contains("<div class=\"icons\">"))
        #expect(html.contains("src=\"data:image/png;base64,U09VUkNF\" alt=\"source\""))
        #expect(html.contains("data:image/png;base64,UkVG"))
        #expect(html.contains("data:image/png;base64,RVZJTA=="))
        #expect(html.contains("<figcaption>reference: pass</figcaption>"))
        // n/a columns get no picture; the adapter's name is escaped in its caption.
        #expect(!html.contains("<figcaption>libplist"))
        #expect(html.contains("<figcaption>evil&lt;&amp;&gt;: wrong-value</figcaption>"))
        // Other areas have no pictures.
        #expect(html.components(separatedBy: "<div class=\"icons\">").count - 1 == 1)
    }
}
