// Sources/Reporting/ConformanceRequirementsMarkdown.swift - conformance.md's per-requirement view

import ConformanceModel
import ReportFormatting

/// The "Requirements" part of `conformance.md`: each Docs/spec.md requirement, its vectors and each
/// implementation's verdict, then, per implementation, the requirements it breaks in words.
enum ConformanceRequirementsMarkdown {
    /// Deviating cases named per requirement before the rest are counted.
    static let casesNamed = 6

    /// The section, or nothing for a report without the view.
    static func render(_ report: ConformanceReport) -> String {
        guard let requirements = report.requirements, !requirements.isEmpty else { return "" }
        var out = "## Requirements\n\n"
        out += "Each requirement of the specification (`Docs/spec.md`), its vectors and each implementation's "
        out += "verdict over their cases (passed / judged):\n\n"
        out += RequirementVerdict.allCases.map { "- \($0.glyph) \($0.phrase)" }.joined(separator: "\n") + "\n\n"
        out += table(requirements, runs: report.runs).render() + "\n"
        out += "What each implementation breaks, in words, is in its own file (the scorecard links it).\n\n"
        return out
    }

    /// An implementation's file: the requirements it breaks or misses, one sentence each.
    static func breaks(_ run: ImplementationRun, requirements: [RequirementResult]) -> String {
        let name = run.implementation.name
        var out = "## What it breaks\n\n"
        let failing = requirements.filter {
            guard let verdict = $0.result(for: name)?.verdict else { return false }
            return verdict == .breaks || verdict == .missesRecommendation
        }
        if failing.isEmpty { return out + "Breaks no requirement.\n\n" }
        for requirement in failing {
            if let result = requirement.result(for: name) { out += "- " + sentence(requirement, result) + "\n" }
        }
        return out + "\n"
    }

    static func table(_ requirements: [RequirementResult], runs: [ImplementationRun]) -> MarkdownTable {
        var table = MarkdownTable(
            headers: ["§", "requirement", "level", "vectors"] + runs.map(\.implementation.name),
            alignments: [.left, .left, .left, .right] + runs.map { _ in .center })
        for requirement in requirements {
            let cells = runs.map { run -> String in
                guard !requirement.vectors.isEmpty || requirement.coversEveryVector == true,
                    let result = requirement.result(for: run.implementation.name)
                else { return "" }
                guard result.verdict != .notApplicable else { return result.verdict.glyph }
                return "\(result.verdict.glyph) \(result.passed)/\(result.cases)"
            }
            table.append(
                [
                    requirement.section ?? "", requirement.id + (requirement.summary.map { ": " + $0 } ?? ""),
                    requirement.strength ?? "",
                    requirement.coversEveryVector == true
                        ? "all" : requirement.vectors.isEmpty ? "untested" : "\(requirement.vectors.count)",
                ] + cells)
        }
        return table
    }

    /// `breaks §4.6 bplist.string.ascii (MUST): ASCII strings hold ASCII. 6 of 7 cases deviate: …`
    static func sentence(_ requirement: RequirementResult, _ result: RequirementImplementationResult) -> String {
        let citation = MarkdownTable.cell(requirement.citation)
        let named = result.deviations.prefix(casesNamed).map { deviation in
            "\(MarkdownTable.codeSpan(deviation.caseID)) (\(deviation.outcome.glyph) \(deviation.outcome.rawValue)"
                + (deviation.level == .required ? "" : ", \(deviation.level.rawValue)")
                + (deviation.known ? ", known" : "") + ")"
        }
        var text = "**\(result.verdict.phrase)** \(citation) — \(result.deviations.count) of \(result.cases) "
        text += result.cases == 1 ? "case deviates: " : "cases deviate: "
        text += named.joined(separator: ", ")
        if result.deviations.count > casesNamed { text += ", and \(result.deviations.count - casesNamed) more" }
        return text
    }
}
