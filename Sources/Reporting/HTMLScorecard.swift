// Sources/Reporting/HTMLScorecard.swift - conformance.html's first screen: one row per implementation

import ConformanceModel
import ReportFormatting

/// The scorecard: per implementation, its deviations by severity and its pass rate per area; every
/// number links to the matrix filtered to exactly those cases (`#f:impl=…&sev=…`, read by `HTMLMatrix.script`).
enum HTMLScorecard {
    static func render(_ report: ConformanceReport) -> String {
        let rows = Scorecard.rows(report)
        let areas = Scorecard.areas(rows)
        var out = "<section id=\"scorecard\">\n<h2>Scorecard</h2>\n"
        out += "<p>Deviations per implementation by severity (worst first), and the share of judged cases that did "
        out += "not deviate per area. Click a number for its cases.</p>\n<table class=\"scorecard\">\n<thead><tr>"
        out += "<th>implementation</th><th>version</th>"
        out += Scorecard.columns.map {
            "<th class=\"sev \(ConformanceHTML.severityClass($0))\" title=\"\(Escaping.html($0.meaning))\">"
                + "\(Escaping.html($0.phrase))</th>"
        }.joined()
        out += areas.map { "<th>pass rate<br>\($0.rawValue)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for (column, row) in rows.enumerated() {
            let info = row.implementation
            let impl = column + 1
            out += "<tr><th title=\"\(Escaping.html(info.title))\"><code>\(Escaping.html(info.name))</code></th>"
            out += "<td class=\"version\">\(Escaping.html(info.version))</td>"
            for severity in Scorecard.columns {
                let count = row.count(severity)
                guard count > 0 else {
                    out += "<td class=\"n zero\">0</td>"
                    continue
                }
                out += "<td class=\"n\"><a class=\"sev \(ConformanceHTML.severityClass(severity))\" "
                out += "href=\"#f:impl=\(impl)&amp;sev=\(ConformanceHTML.severityClass(severity))\">\(count)</a></td>"
            }
            for area in areas {
                guard let rate = row.passRate(area), let tally = row.areas[area] else {
                    out += "<td class=\"n zero\">–</td>"
                    continue
                }
                let title = "\(tally.passed) of \(tally.judged) judged cases"
                out += "<td class=\"n\" title=\"\(title)\">"
                out +=
                    tally.passed == tally.judged
                    ? rate : "<a href=\"#f:impl=\(impl)&amp;area=\(area.rawValue)&amp;outcome=x\">\(rate)</a>"
                out += "</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }
}
