// Sources/Reporting/ConformanceMarkdown.swift - conformance.md: provenance, counts per area, every deviation

import ConformanceModel
import ReportFormatting

/// Renders `conformance.md` from a report.
public enum ConformanceMarkdown {
    /// The longest `expected`/`actual` text shown in a deviation row before it is cut.
    public static let cellLimit = 240

    /// The summary document: scorecard, legends, implementations, counts per area, the per-requirement view;
    /// every deviation is in the implementation's own file (`implementationPages`).
    public static func render(_ report: ConformanceReport) -> String {
        var out = "# x-document-source conformance report\n\n"
        out += "Generated from `conformance.json`; do not edit by hand (`make conformance` rewrites it). "
        out += "Each implementation's deviations, case by case, are in its own file, linked from the scorecard.\n\n"
        out += "## Scorecard\n\n" + scorecard(report).render() + "\n" + severityLegend() + "\n"
        out += "## Results per area\n\n" + legend() + "\n" + counts(report.runs).render() + "\n"
        out += ConformanceRequirementsMarkdown.render(report)
        out += "## Implementations\n\n" + implementations(report.runs).render() + "\n"
        out += notes(report.runs) + typedCommands(report.runs) + notInstalled(report.notInstalled ?? [])
        out += "## Provenance\n\n" + provenance(report.provenance).render() + "\n"
        return out
    }

    /// `conformance-<name>.md` for an implementation.
    public static func implementationFile(_ name: String) -> String { "conformance-\(Escaping.anchor(name)).md" }

    /// One file per implementation: its scorecard line, the requirements it breaks, then every deviation
    /// grouped by severity (each group's anchor is the severity's name, e.g. `#memory-safety-crash`).
    public static func implementationPages(_ report: ConformanceReport) -> [(String, String)] {
        report.runs.map { run in
            let info = run.implementation
            var out = "# \(MarkdownTable.cell(info.title)) (\(MarkdownTable.codeSpan(info.name)))\n\n"
            out += "Version \(MarkdownTable.codeSpan(info.version)). Part of the [conformance report]"
            out += "(\(ReportFiles.markdown)); generated from `conformance.json`.\n\n"
            out += ConformanceRequirementsMarkdown.breaks(run, requirements: report.requirements ?? [])
            out += "## Deviations by severity\n\n"
            let deviations = run.results.filter { $0.outcome.isDeviation }
            if deviations.isEmpty { out += "No deviations.\n" }
            for severity in Severity.allCases {
                let group = deviations.filter { $0.severity == severity }
                guard !group.isEmpty else { continue }
                out += "<a id=\"\(severity.rawValue)\"></a>\n\n### \(severity.phrase): \(group.count)\n\n"
                out += "\(severity.meaning).\n\n" + deviationTable(group).render() + "\n"
            }
            return (implementationFile(info.name), out)
        }
    }

    /// One row per implementation: each severity's count (linked to that group of its file) and pass rates.
    static func scorecard(_ report: ConformanceReport) -> MarkdownTable {
        let rows = Scorecard.rows(report)
        let areas = Scorecard.areas(rows)
        var table = MarkdownTable(
            headers: ["implementation", "version"] + Scorecard.columns.map(\.phrase)
                + areas.map { "pass \($0.rawValue)" },
            alignments: [.left, .left] + Scorecard.columns.map { _ in .right } + areas.map { _ in .right })
        // The name and the counts are links (the name's text escaped here); the rest is escaped by the table.
        table.markdownColumns = Set([0] + Scorecard.columns.indices.map { $0 + 2 })
        for row in rows {
            let file = implementationFile(row.implementation.name)
            let counts = Scorecard.columns.map { severity -> String in
                let count = row.count(severity)
                return count == 0 ? "0" : "[\(count)](\(file)#\(severity.rawValue))"
            }
            table.append(
                ["[\(MarkdownTable.cell(row.implementation.name))](\(file))", row.implementation.version] + counts
                    + areas.map { row.passRate($0) ?? "–" })
        }
        return table
    }

    static func severityLegend() -> String {
        Severity.allCases.map { "- **\($0.phrase)**: \($0.meaning)" }.joined(separator: "\n")
            + "\n- pass *area*: the share of judged (not `n/a`) cases that did not deviate\n"
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
        Outcome.allCases.map { "- \($0.glyph) `\($0.rawValue)`: \($0.meaning)" }.joined(separator: "\n")
            + "\n- *k* (known failure): the implementation's known-failure list names the case; it still counts\n"
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
        var table = MarkdownTable(
            headers: [
                "case", "level", "hazard", "outcome", "expected", "actual (how it ended, output)", "known failure",
            ])
        for result in results.sorted(by: { ($0.outcome, $0.caseID) < ($1.outcome, $1.caseID) }) {
            let actual = result.actual.isEmpty ? result.diagnostics : result.actual
            var outcome = result.outcome.label
            if let kind = result.effectiveCrashKind { outcome += " (\(kind.rawValue))" }
            table.append([
                result.caseID, result.level.rawValue, result.hazard?.rawValue ?? "", outcome, cut(result.expected),
                cut(actual), result.knownFailure ?? "",
            ])
        }
        return table
    }

    static func cut(_ text: String) -> String {
        guard text.count > cellLimit else { return text }
        return String(text.prefix(cellLimit)) + "… (\(text.count - cellLimit) more characters)"
    }
}
