// Sources/Differential/DifferentialMarkdown.swift - Reports/differential.md

import ConformanceModel
import Foundation
import ReportFormatting

/// The Markdown rendering: the run, then one table row per cluster, then each cluster's answers.
public enum DifferentialMarkdown {
    public static func render(_ report: DifferentialReport) -> String {
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
        for cluster in report.clusters {
            table.append([
                "[\(cluster.id)](#\(cluster.id))", String(cluster.size), String(cluster.representative.size),
                cluster.rule ?? "",
                cluster.sides.map { $0.implementations.joined(separator: ", ") + ": " + $0.label }
                    .joined(separator: " · "),
            ])
        }
        text += table.render() + "\n"
        for cluster in report.clusters {
            text += "## \(cluster.id)\n\n"
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
        }
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
