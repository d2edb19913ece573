// Sources/Differential/DifferentialMarkdown.swift - Reports/differential.md

import ConformanceModel
import Foundation
import ReportFormatting

/// The Markdown rendering: the run, then one table row per cluster, then each cluster's answers. A run with more
/// than `clustersPerPage` clusters keeps the table in `differential.md` and puts the answers on pages of
/// `clustersPerPage` clusters each (`differential-clusters-1.md`, …), so that no file is too large to read: the
/// seed corpus makes about 600 clusters, 2.8 MB as one file.
public enum DifferentialMarkdown {
    public static let clustersPerPage = 100
    /// The name of the detail pages other than `differential.md`, for removing a previous run's.
    public static func isDetailPage(_ name: String) -> Bool {
        name.hasPrefix("differential-clusters-") && name.hasSuffix(".md")
    }

    /// `differential.md` first, then the detail pages, each as (file name, text).
    public static func pages(_ report: DifferentialReport) -> [(name: String, text: String)] {
        let chunks = stride(from: 0, to: report.clusters.count, by: clustersPerPage).map {
            Array(report.clusters[$0..<min($0 + clustersPerPage, report.clusters.count)])
        }
        guard chunks.count > 1 else { return [("differential.md", render(report))] }
        var pages = [
            ("differential.md", render(report, detailPage: { "differential-clusters-\($0 / clustersPerPage + 1).md" }))
        ]
        for (index, chunk) in chunks.enumerated() {
            let first = index * clustersPerPage + 1
            var text = "# Differential discovery: clusters \(first) to \(first + chunk.count - 1)\n\n"
            text += "Of \(report.clusters.count), largest first; the run and the table of every cluster are in "
            text += "[differential.md](differential.md).\n\n"
            for cluster in chunk { text += details(cluster) }
            pages.append(("differential-clusters-\(index + 1).md", text))
        }
        return pages
    }

    /// The whole report as one text, or, with `detailPage` (the page of the cluster at an index), the run and
    /// the table with links to the pages that hold the answers.
    public static func render(_ report: DifferentialReport, detailPage: ((Int) -> String)? = nil) -> String {
        var text = "# Differential discovery\n\n"
        text +=
            "\(report.files) files (\(report.inputs) distinct inputs) from "
            + report.corpora.map { MarkdownTable.codeSpan($0) }.joined(separator: ", ")
            + ", each decoded by \(report.implementations.count) implementations: \(report.calls) calls in "
            + String(format: "%.0f", report.seconds) + " s with \(report.jobs) jobs. "
            + "\(report.agreed) inputs had one answer everywhere; the other \(report.inputs - report.agreed) fall into "
            + "\(report.clusters.count) clusters, one per signature (which implementations are on which side, and the "
            + "rule the reference cites).\n\n"
        text +=
            "Command: " + MarkdownTable.codeSpan(report.command) + " (xds \(report.suiteVersion), "
            + MarkdownTable.codeSpan(report.date) + ", " + MarkdownTable.codeSpan(report.os) + ")\n\n"
        if let missing = report.notInstalled, !missing.isEmpty {
            text +=
                "Not installed, left out: " + missing.map { MarkdownTable.codeSpan($0.name) }.joined(separator: ", ")
                + "\n\n"
        }
        var table = MarkdownTable(
            headers: ["cluster", "inputs", "smallest (bytes)", "rule", "sides"], alignments: [.left, .right, .right])
        table.markdownColumns = [0]
        for (index, cluster) in report.clusters.enumerated() {
            table.append([
                "[\(cluster.id)](\(detailPage?(index) ?? "")#\(cluster.id))", String(cluster.size),
                String(cluster.representative.size),
                cluster.rule ?? "",
                cluster.sides.map { $0.implementations.joined(separator: ", ") + ": " + $0.label }
                    .joined(separator: " · "),
            ])
        }
        text += table.render() + "\n"
        if detailPage == nil {
            for cluster in report.clusters { text += details(cluster) }
        }
        return text
    }

    /// One cluster: its representative as a hex dump, then every implementation's answer.
    static func details(_ cluster: Cluster) -> String {
        var text = "## \(cluster.id)\n\n"
        text +=
            "\(cluster.size) input\(cluster.size == 1 ? "" : "s"); the smallest, "
            + "\(cluster.representative.size) bytes, sha256 "
            + MarkdownTable.codeSpan(cluster.representative.sha256)
            + (cluster.representative.paths.first.map { ", " + MarkdownTable.codeSpan($0) } ?? "") + ":\n\n"
        text += "```\n" + Escaping.hexDump(Self.bytes(cluster.representative.hex)) + "\n```\n\n"
        var answers = MarkdownTable(headers: ["implementation", "answer", "detail"])
        for answer in cluster.answers {
            answers.append([answer.implementation, answer.answer, String(answer.detail.prefix(200))])
        }
        text += answers.render() + "\n"
        return text
    }

    /// The bytes of lower-case hex (pairs of digits; anything else is skipped).
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }
}
