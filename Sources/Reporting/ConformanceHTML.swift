// Sources/Reporting/ConformanceHTML.swift - conformance.html: scorecard, legend, requirements, filterable matrix

import ConformanceModel
import ReportFormatting

/// Renders `conformance.html`: first the scorecard (who crashes or accepts unsafe input, each number linking
/// to the matrix filtered to those cases), then the legend, the per-requirement view and the matrix (a
/// column per implementation, a row per case, colour and glyph per outcome, sticky headers, filters by
/// implementation, outcome, severity, hazard and area that run from file://). Each case's details (what the
/// vector exercises, its bytes, each implementation's output) are in a side file per area
/// (`HTMLCaseDetails`), so the page stays small.
public enum ConformanceHTML {
    /// The main page. `vectors` supplies the manifest (hazards are in the results; descriptions are details).
    public static func render(_ report: ConformanceReport, vectors: VectorLibrary? = nil) -> String {
        let matrix = ConformanceMatrix(report)
        let clauses = RequirementIndex(report.requirements)
        var out = head("x-document-source conformance")
        out += "<h1>x-document-source conformance</h1>\n"
        out += "<p class=\"lede\">\(report.runs.count) implementations × \(matrix.rows.count) cases, "
        out += "\(Escaping.html(report.provenance.date)). Every number links to its cases; every cell to the "
        out += "case's details. Rendered from <code>conformance.json</code> (<a href=\"#provenance\">provenance</a>)."
        out += "</p>\n"
        out += HTMLScorecard.render(report)
        out += legend()
        out += HTMLPicture.render(ResultsPictureLayout.grid(report))
        out += HTMLRequirements.render(report)
        out += HTMLMatrix.render(matrix, clauses: clauses)
        out += provenance(report.provenance)
        out += peerNotes(report)
        out += "<script>\(HTMLMatrix.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// The side files: name → page, one per area with cases (`conformance-<area>.html`).
    public static func detailPages(_ report: ConformanceReport, vectors: VectorLibrary? = nil) -> [(String, String)] {
        let matrix = ConformanceMatrix(report)
        let clauses = RequirementIndex(report.requirements)
        return matrix.areas.map { area in
            (detailFile(area), HTMLCaseDetails.page(area, matrix: matrix, vectors: vectors, clauses: clauses))
        }
    }

    /// `conformance-<area>.html`.
    public static func detailFile(_ area: VectorArea) -> String { "conformance-\(area.rawValue).html" }

    static func head(_ title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(Escaping.html(title))</title>
        <style>\(HTMLStyle.sheet)\(outcomeClasses())</style>
        </head>
        <body>

        """
    }

    /// `.o0{background:…}` per outcome and the cell colours, so a cell names its outcome in two characters.
    static func outcomeClasses() -> String {
        Outcome.allCases.map { ".\(outcomeClass($0)){background:\($0.colour)}" }.joined(separator: "\n") + "\n"
    }

    /// The short class of an outcome's cells (`o0` crash … `o8` n/a).
    static func outcomeClass(_ outcome: Outcome) -> String { "o\(outcome.severity)" }

    /// The short class of a severity's cells (`s0` memory-safety crash …).
    static func severityClass(_ severity: Severity) -> String {
        "s\(Severity.allCases.firstIndex(of: severity) ?? 0)"
    }

    static func provenance(_ p: Provenance) -> String {
        let fields = [
            ("suite version", p.suiteVersion), ("vector digest", p.vectorDigest), ("OS", p.os), ("kernel", p.kernel),
            ("filesystem", p.filesystem), ("date", p.date), ("command", p.command),
        ]
        let rows = fields.map { "<tr><th>\($0.0)</th><td><code>\(Escaping.html($0.1))</code></td></tr>" }
        return "<section id=\"provenance\">\n<h2>Provenance</h2>\n<table class=\"kv\">\n"
            + rows.joined(separator: "\n") + "\n</table>\n</section>\n"
    }

    static func legend() -> String {
        var out = "<section id=\"legend\">\n<h2>Legend</h2>\n<div class=\"legend\">\n<ul class=\"legend\">\n"
        out += Outcome.allCases.map { outcome in
            "<li>\(cellSpan(outcome)) <code>\(Escaping.html(outcome.rawValue))</code> \(Escaping.html(outcome.meaning))</li>"
        }.joined(separator: "\n")
        out += "\n<li><sup>k</sup> known failure: the implementation's known-failure list names the case "
        out += "(it still counts; the list only keeps a run green)</li>\n</ul>\n<ul class=\"legend\">\n"
        out += Severity.allCases.map { severity in
            "<li><span class=\"sev \(severityClass(severity))\">\(Escaping.html(severity.phrase))</span> "
                + "\(Escaping.html(severity.meaning))</li>"
        }.joined(separator: "\n")
        out += "\n</ul>\n<ul class=\"legend\">\n"
        out += Hazard.allCases.map { hazard in
            "<li>hazard <code>\(hazard.rawValue)</code>: \(Escaping.html(hazard.meaning))</li>"
        }.joined(separator: "\n")
        return out + "\n</ul>\n</div>\n</section>\n"
    }

    /// How each adapter maps its library, and the optional peers not installed here.
    static func peerNotes(_ report: ConformanceReport) -> String {
        let notes = report.runs.compactMap { run in
            run.implementation.note.map {
                "<li><code>\(Escaping.html(run.implementation.name))</code>: \(Escaping.html($0))</li>"
            }
        }
        let missing = (report.notInstalled ?? []).map {
            "<li><code>\(Escaping.html($0.name))</code>: \(Escaping.html($0.reason))</li>"
        }
        var out = ""
        if !notes.isEmpty {
            out +=
                "<section id=\"adapter-notes\">\n<h2>How each adapter maps its library</h2>\n<ul>\n"
                + notes.joined(separator: "\n") + "\n</ul>\n</section>\n"
        }
        if !missing.isEmpty {
            out +=
                "<section id=\"not-installed\">\n<h2>Not installed here</h2>\n<p>Listed, not run; <code>make peers</code> "
                + "installs them.</p>\n<ul>\n" + missing.joined(separator: "\n") + "\n</ul>\n</section>\n"
        }
        return out
    }

    static func cellSpan(_ outcome: Outcome) -> String {
        "<span class=\"swatch \(outcomeClass(outcome))\" title=\"\(Escaping.html(outcome.rawValue))\">"
            + "\(outcome.glyph)</span>"
    }

    /// The fragment of a vector's details (`v-…`) in its area's side file.
    public static func vectorAnchor(_ vectorID: String) -> String { "v-" + Escaping.anchor(vectorID) }

    /// The fragment of one implementation's result for one case (`r-<impl>-…`) in its area's side file.
    public static func resultAnchor(_ implementation: String, _ caseID: String) -> String {
        "r-" + Escaping.anchor(implementation) + "--" + Escaping.anchor(caseID)
    }

    /// The link to a vector's details from the main page.
    static func vectorLink(_ area: VectorArea, _ vectorID: String) -> String {
        detailFile(area) + "#" + vectorAnchor(vectorID)
    }

    /// The link to one result's details from the main page.
    static func resultLink(_ area: VectorArea, _ implementation: String, _ caseID: String) -> String {
        detailFile(area) + "#" + resultAnchor(implementation, caseID)
    }
}

extension Hazard {
    /// One sentence for legends.
    public var meaning: String {
        switch self {
        case .memorySafety:
            return "out-of-range offsets, references, counts, lengths: accepting them reads outside the data"
        case .resourceExhaustion: return "cycles, nesting, amplification, endless servers: unbounded time or memory"
        case .interoperability: return "a value the original (CoreFoundation) reads differently or not at all"
        case .strictness: return "the rule excludes it, but nothing unsafe follows from accepting it"
        }
    }
}
