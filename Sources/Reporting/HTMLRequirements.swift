// Sources/Reporting/HTMLRequirements.swift - conformance.html's per-requirement view and case-to-clause links

import ConformanceModel
import ReportFormatting

/// The clause of each vector (from the report's per-requirement view), for linking cases to it.
struct RequirementIndex {
    private var byVector: [String: RequirementResult] = [:]

    init(_ requirements: [RequirementResult]?) {
        for requirement in requirements ?? [] {
            for vector in requirement.vectors { byVector[vector] = requirement }
        }
    }

    /// The requirement a vector tests.
    func requirement(of vectorID: String) -> RequirementResult? { byVector[vectorID] }

    /// A link to the vector's clause in the requirements section (`§4.6`), or nothing.
    func link(for vectorID: String) -> String {
        guard let requirement = byVector[vectorID] else { return "" }
        let label = requirement.section.map { "§" + $0 } ?? requirement.id
        return " <a class=\"clause\" href=\"#\(HTMLRequirements.anchor(requirement.id))\" "
            + "title=\"\(Escaping.html(requirement.citation))\">\(Escaping.html(label))</a>"
    }
}

/// The "Requirements" section: one row per requirement with its vectors and a verdict per implementation.
enum HTMLRequirements {
    /// Deviating cases linked one by one per cell; the rest are one link to the filtered matrix.
    static let deviationsLinked = 4

    /// The area of a vector or case id (`<area>/<group>/<name>…`); plist when it names none.
    static func area(of id: String) -> VectorArea {
        id.split(separator: "/").first.flatMap { VectorArea(rawValue: String($0)) } ?? .plist
    }

    /// The matrix filter that lists all of a cell's deviations: crashes, or any deviation.
    static func filterOutcome(_ result: RequirementImplementationResult) -> String {
        result.deviations.allSatisfy { $0.outcome == .crash } ? ConformanceHTML.outcomeClass(.crash) : "x"
    }

    /// The fragment of a requirement's row (`req-…`).
    static func anchor(_ id: String) -> String { "req-" + Escaping.anchor(id) }

    static func render(_ report: ConformanceReport) -> String {
        guard let requirements = report.requirements, !requirements.isEmpty else { return "" }
        let runs = report.runs
        var out = "<section id=\"requirements\">\n<h2>Requirements</h2>\n"
        out += "<p>Each requirement of the specification (<code>Docs/spec.md</code>), its vectors and each "
        out += "implementation's verdict over their cases (passed / judged). "
        out += RequirementVerdict.allCases.map { "\(swatch($0)) \(Escaping.html($0.phrase))" }.joined(separator: ", ")
        out += ".</p>\n<table class=\"requirements\">\n<tr><th>§</th><th>requirement</th><th>level</th><th>vectors</th>"
        out += runs.map { "<th>\(Escaping.html($0.implementation.title))</th>" }.joined() + "</tr>\n"
        for requirement in requirements { out += row(requirement, runs: runs) }
        return out + "</table>\n</section>\n"
    }

    static func row(_ requirement: RequirementResult, runs: [ImplementationRun]) -> String {
        var out = "<tr id=\"\(anchor(requirement.id))\"><td>\(Escaping.html(requirement.section ?? ""))</td>"
        out += "<td><code>\(Escaping.html(requirement.id))</code>"
        if let summary = requirement.summary { out += " \(Escaping.html(summary))" }
        if let hazard = requirement.hazard { out += " <span class=\"level\">hazard: \(hazard.rawValue)</span>" }
        if let reason = requirement.untested, requirement.vectors.isEmpty {
            out += "<br><span class=\"level\">untested: \(Escaping.html(reason))</span>"
        }
        out += "</td><td>\(Escaping.html(requirement.strength ?? ""))</td><td>"
        if requirement.coversEveryVector == true {
            out += "every case" + (requirement.vectors.isEmpty ? "" : " and \(requirement.vectors.count)")
        } else if requirement.vectors.isEmpty {
            out += "untested"
        } else {
            out += "<details><summary>\(requirement.vectors.count)</summary>"
            out += requirement.vectors.map {
                "<a href=\"\(ConformanceHTML.vectorLink(area(of: $0), $0))\"><code>\(Escaping.html($0))</code></a>"
            }.joined(separator: "<br>")
            out += "</details>"
        }
        out += "</td>"
        for (index, run) in runs.enumerated() {
            guard !requirement.vectors.isEmpty || requirement.coversEveryVector == true,
                let result = requirement.result(for: run.implementation.name)
            else {
                out += "<td></td>"
                continue
            }
            out += cell(result, implementation: run.implementation, column: index + 1)
        }
        return out + "</tr>\n"
    }

    static func cell(
        _ result: RequirementImplementationResult, implementation: ImplementationInfo, column: Int
    ) -> String {
        let title = Escaping.html("\(implementation.name) \(result.verdict.phrase)")  // the row names the clause
        var out = "<td class=\"verdict v-\(Escaping.anchor(result.verdict.rawValue))\" title=\"\(title)\">"
        out += swatch(result.verdict)
        if result.verdict != .notApplicable { out += " \(result.passed)/\(result.cases)" }
        if !result.deviations.isEmpty {
            out +=
                "<br>"
                + result.deviations.prefix(deviationsLinked).map { deviation in
                    "<a href=\"\(ConformanceHTML.resultLink(area(of: deviation.caseID), implementation.name, deviation.caseID))\" "
                        + "title=\"\(Escaping.html(deviation.caseID + ": " + deviation.outcome.rawValue))\">"
                        + "\(deviation.outcome.glyph)</a>"
                }.joined(separator: " ")
            if result.deviations.count > deviationsLinked {
                out += " <a href=\"#f:impl=\(column)&amp;outcome=\(filterOutcome(result))\">"
                out += "+\(result.deviations.count - deviationsLinked) more</a>"
            }
        }
        return out + "</td>"
    }

    static func swatch(_ verdict: RequirementVerdict) -> String {
        "<span class=\"swatch\" style=\"background:\(colour(verdict))\" title=\"\(Escaping.html(verdict.phrase))\">"
            + "\(verdict.glyph)</span>"
    }

    static func colour(_ verdict: RequirementVerdict) -> String {
        switch verdict {
        case .breaks: return Outcome.shouldHaveAccepted.colour
        case .missesRecommendation: return Outcome.shouldHaveRejected.colour
        case .meets: return Outcome.pass.colour
        case .notApplicable: return Outcome.notApplicable.colour
        }
    }
}
