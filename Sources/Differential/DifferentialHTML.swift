// Sources/Differential/DifferentialHTML.swift - Reports/differential.html: small, readable, self-contained

import ConformanceModel
import Foundation
import ReportFormatting

/// The HTML rendering: the same content as the Markdown, one table of clusters linking to each cluster's answers.
public enum DifferentialHTML {
    public static func render(_ report: DifferentialReport) -> String {
        func h(_ text: String) -> String { Escaping.html(TerminalText.spellingControls(text)) }
        var page =
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<title>Differential discovery</title><style>\n" + HTMLStyle.sheet + "\n</style></head><body>\n"
        page +=
            "<h1>Differential discovery</h1>\n<p class=\"lede\">\(report.files) files (\(report.inputs) distinct "
            + "inputs) from " + report.corpora.map { "<code>\(h($0))</code>" }.joined(separator: ", ")
            + ", each decoded by \(report.implementations.count) implementations: \(report.calls) calls in "
            + String(format: "%.0f", report.seconds) + " s with \(report.jobs) jobs. \(report.agreed) inputs had one "
            + "answer everywhere; the other \(report.inputs - report.agreed) fall into \(report.clusters.count) "
            + "clusters.</p>\n"
        page +=
            "<p>Command: <code>\(h(report.command))</code> (xds \(h(report.suiteVersion)), \(h(report.date)), "
            + "\(h(report.os)))</p>\n"
        if let missing = report.notInstalled, !missing.isEmpty {
            page += "<p>Not installed, left out: " + missing.map { h($0.name) }.joined(separator: ", ") + "</p>\n"
        }
        page +=
            "<table><thead><tr><th>cluster</th><th>inputs</th><th>smallest (bytes)</th><th>rule</th>"
            + "<th>sides</th></tr></thead><tbody>\n"
        for cluster in report.clusters {
            let sides = cluster.sides.map { "<b>\(h($0.label))</b>: " + h($0.implementations.joined(separator: ", ")) }
            page +=
                "<tr><td><a href=\"#\(Escaping.anchor(cluster.id))\">\(h(cluster.id))</a></td>"
                + "<td class=\"n\">\(cluster.size)</td><td class=\"n\">\(cluster.representative.size)</td>"
                + "<td>\(h(cluster.rule ?? ""))</td><td>" + sides.joined(separator: "<br>") + "</td></tr>\n"
        }
        page += "</tbody></table>\n"
        for cluster in report.clusters {
            page += "<article class=\"vector\" id=\"\(Escaping.anchor(cluster.id))\"><h2>\(h(cluster.id))</h2>\n"
            page +=
                "<p>\(cluster.size) input\(cluster.size == 1 ? "" : "s"); the smallest, "
                + "\(cluster.representative.size) bytes, sha256 <code>\(h(cluster.representative.sha256))</code>"
                + (cluster.representative.paths.first.map { ", <code>\(h($0))</code>" } ?? "") + "</p>\n"
            page += "<pre>" + h(Escaping.hexDump(DifferentialMarkdown.bytes(cluster.representative.hex))) + "</pre>\n"
            page += "<table><thead><tr><th>implementation</th><th>answer</th><th>detail</th></tr></thead><tbody>\n"
            for answer in cluster.answers {
                page +=
                    "<tr><td>\(h(answer.implementation))</td><td>\(h(answer.answer))</td>"
                    + "<td><code>\(h(String(answer.detail.prefix(300))))</code></td></tr>\n"
            }
            page += "</tbody></table></article>\n"
        }
        return page + "</body></html>\n"
    }
}
