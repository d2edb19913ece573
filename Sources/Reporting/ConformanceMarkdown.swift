// Sources/Reporting/ConformanceMarkdown.swift - conformance.md: provenance, counts per area, every deviation

import ConformanceModel
import ReportFormatting

/// Renders `conformance.md` from a report.
public enum ConformanceMarkdown {
    /// The longest `expected`/`actual` text shown in a deviation row before it is cut.
    public static let cellLimit = 240

    /// The whole Markdown document.
    public static func render(_ report: ConformanceReport) -> String {
        var out = "# x-document-source conformance report\n\n"
        out += "Generated from `conformance.json`; do not edit by hand (`make conformance` rewrites it).\n\n"
        out += "## Provenance\n\n" + provenance(report.provenance).render() + "\n"
        out += "## Implementations\n\n" + implementations(report.runs).render() + "\n"
        out += notes(report.runs) + typedCommands(report.runs) + notInstalled(report.notInstalled ?? [])
        out += "## Results per area\n\n" + legend() + "\n" + counts(report.runs).render() + "\n"
        out += ConformanceRequirementsMarkdown.render(report)
        out += "## Deviations\n\n"
        for run in report.runs {
            let deviations = run.results.filter { $0.outcome.isDeviation }
            let name = MarkdownTable.codeSpan(run.implementation.name)
            out += "### \(MarkdownTable.cell(run.implementation.title)) (\(name))\n\n"
            if deviations.isEmpty {
                out += "No deviations.\n\n"
                continue
            }
            out += deviationTable(deviations).render() + "\n"
        }
        return out
    }

    static func provenance(_ p: Provenance) -> MarkdownTable {
        MarkdownTable(
            headers: ["field", "value"],
            rows: [
                ["suite version", p.suiteVersion], ["vector digest", p.vectorDigest], ["OS", p.os],
                ["kernel", p.kernel], ["filesystem", p.filesystem], ["date", p.date], ["command", p.command],
            ])
    }

    static func implementations(_ runs: [ImplementationRun]) -> MarkdownTable {
        var table = MarkdownTable(headers: [
            "name", "title", "version", "kind", "command", "capabilities", "verdicts resting on the policy",
        ])
        for run in runs {
            let info = run.implementation
            table.append([
                info.name, info.title, info.version, info.kind, info.command ?? "",
                info.capabilities.joined(separator: ", "), String(run.policyVerdictCount),
            ])
        }
        return table
    }

    /// How each adapter maps its library's API, one line per implementation that says.
    static func notes(_ runs: [ImplementationRun]) -> String {
        let lines = runs.compactMap { run in
            run.implementation.note.map { "- `\(run.implementation.name)`: \(MarkdownTable.cell($0))" }
        }
        return lines.isEmpty ? "" : "How each adapter maps its library:\n\n" + lines.joined(separator: "\n") + "\n\n"
    }

    /// Each adapter's `--cmd` as typed and the directory it was typed in, so that its run can be repeated.
    static func typedCommands(_ runs: [ImplementationRun]) -> String {
        let lines = runs.compactMap { run -> String? in
            guard let typed = run.implementation.typedCommand, let directory = run.implementation.directory else {
                return nil
            }
            return "- `\(run.implementation.name)`: \(MarkdownTable.cell(typed)) in \(MarkdownTable.cell(directory))"
        }
        return lines.isEmpty
            ? ""
            : "Adapter commands as typed, and the directory they ran from:\n\n" + lines.joined(separator: "\n") + "\n\n"
    }

    /// The optional peers asked for but not installed here.
    static func notInstalled(_ peers: [NotInstalledImplementation]) -> String {
        guard !peers.isEmpty else { return "" }
        return "Not installed here (listed, not run; `make peers` installs them):\n\n"
            + peers.map { "- `\($0.name)`: \(MarkdownTable.cell($0.reason))" }.joined(separator: "\n") + "\n\n"
    }

    static func legend() -> String {
        Outcome.allCases.map { "- \($0.glyph) `\($0.rawValue)`: \($0.meaning)" }.joined(separator: "\n") + "\n"
    }

    /// Implementation × call rows (`SummaryCheck`), one count column per outcome, worst first.
    static func counts(_ runs: [ImplementationRun]) -> MarkdownTable {
        let outcomes = Outcome.allCases
        var table = MarkdownTable(
            headers: ["implementation", "call", "cases"] + outcomes.map(\.label),
            alignments: [.left, .left, .right] + outcomes.map { _ in .right })
        for row in ConformanceMatrix.summaryRows(runs) {
            table.append([row.implementation.name, row.check.label, String(row.total)] + row.countCells)
        }
        return table
    }

    static func deviationTable(_ results: [VectorResult]) -> MarkdownTable {
        var table = MarkdownTable(headers: ["case", "level", "outcome", "expected", "actual", "known failure"])
        for result in results.sorted(by: { ($0.outcome, $0.caseID) < ($1.outcome, $1.caseID) }) {
            var actual = result.actual.isEmpty ? result.diagnostics : result.actual
            if let status = result.exitStatus, status != 0 { actual = "exit \(status): " + actual }
            if let signal = result.signal { actual = "signal \(signal): " + actual }
            table.append([
                result.caseID, result.level.rawValue, result.outcome.label, cut(result.expected), cut(actual),
                result.knownFailure ?? "",
            ])
        }
        return table
    }

    static func cut(_ text: String) -> String {
        guard text.count > cellLimit else { return text }
        return String(text.prefix(cellLimit)) + "… (\(text.count - cellLimit) more characters)"
    }
}
