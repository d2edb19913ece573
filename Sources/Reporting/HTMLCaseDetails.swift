// Sources/Reporting/HTMLCaseDetails.swift - The side files every matrix cell links to, one per area

import ConformanceModel
import ReportFormatting

/// `conformance-<area>.html`: per vector, what it exercises (the manifest's description and the spec clause it
/// tests, with its hazard), a link to the vector file, its bytes; per case, what was expected; per
/// implementation that has the call, its result, how it ended, its output and its standard error's tail.
enum HTMLCaseDetails {
    /// Input bytes shown escaped, at most.
    static let byteLimit = 4096
    /// Input bytes shown as a hex dump, at most.
    static let dumpLimit = 1024
    /// Characters of standard error shown, from its end.
    static let stderrTail = 2000

    static func page(
        _ area: VectorArea, matrix: ConformanceMatrix, vectors: VectorLibrary?, clauses: RequirementIndex
    ) -> String {
        var order: [String] = []
        var rowsByVector: [String: [MatrixRow]] = [:]
        for row in matrix.rows where row.first.area == area {
            if rowsByVector[row.first.vectorID] == nil { order.append(row.first.vectorID) }
            rowsByVector[row.first.vectorID, default: []].append(row)
        }
        var out = ConformanceHTML.head("x-document-source conformance: \(area.rawValue) cases")
        out += "<h1>\(area.rawValue) cases</h1>\n<p class=\"lede\"><a href=\"conformance.html\">← scorecard and "
        out +=
            "matrix</a>. \(order.count) vectors; a pass that printed nothing on standard error is listed by name.</p>\n"
        out += "<section id=\"details\">\n"
        for vectorID in order {
            out += vector(
                vectorID, rows: rowsByVector[vectorID] ?? [], matrix: matrix, vectors: vectors,
                requirement: clauses.requirement(of: vectorID))
        }
        return out + "</section>\n</body>\n</html>\n"
    }

    static func vector(
        _ id: String, rows: [MatrixRow], matrix: ConformanceMatrix, vectors: VectorLibrary?,
        requirement: RequirementResult? = nil
    ) -> String {
        var out = "<article class=\"vector\" id=\"\(ConformanceHTML.vectorAnchor(id))\">\n"
        out += "<h2><code>\(Escaping.html(id))</code></h2>\n"
        let metadata = vectors?.metadata(of: id)
        if let description = metadata?.description {
            out += "<p class=\"exercises\">\(Escaping.html(description))</p>\n"
        }
        if let first = rows.first?.first {
            out += "<p>area <code>\(first.area.rawValue)</code>, group <code>\(first.group.rawValue)</code>, "
            out += "level <code>\(first.level.rawValue)</code>"
            if let hazard = first.hazard ?? metadata?.hazard {
                out += ", hazard <code>\(hazard.rawValue)</code> (\(Escaping.html(hazard.meaning)))"
            }
            if let link = vectors?.link(to: id) {
                out += ", vector file <a href=\"\(Escaping.html(link))\"><code>\(Escaping.html(link))</code></a>"
            }
            out += "</p>\n"
        }
        if let requirement { out += clause(requirement) }
        if rows.first?.first.area != .iconLoading {  // an icon-loading input is a site (JSON), shown by its pictures
            out += bytes(vectors?.bytes(of: id), hasLibrary: vectors != nil)
        }
        for row in rows {
            out += "<section class=\"case\" id=\"c-\(Escaping.anchor(row.first.caseID))\">\n"
            if rows.count > 1 || row.first.caseID != id {
                out += "<h3><code>\(Escaping.html(row.first.caseID))</code></h3>\n"
            }
            out += "<p>expected: <code>\(Escaping.html(TerminalText.spellingControls(row.first.expected)))</code></p>\n"
            if row.first.area == .iconLoading { out += pictures(row, matrix: matrix) }
            var passing: [String] = []
            for (info, result) in zip(matrix.implementations, row.results) {
                // No block for n/a: the implementation has no call for the area.
                guard let result, result.outcome != .notApplicable else { continue }
                // A quiet pass printed what the case expects: its output is left to conformance.json.
                if isQuietPass(result) {
                    passing.append(Escaping.html(info.name))
                    continue
                }
                out += self.result(result, implementation: info)
            }
            if !passing.isEmpty {
                out += "<p class=\"as-expected\">\(ConformanceHTML.cellSpan(.pass)) as expected (output in "
                out += "conformance.json): " + passing.joined(separator: ", ") + "</p>\n"
            }
            out += "</section>\n"
        }
        return out + "</article>\n"
    }

    /// The requirement a vector tests, linked to its row in the main page's requirements section.
    static func clause(_ requirement: RequirementResult) -> String {
        "<p class=\"clause\">tests <a href=\"conformance.html#\(HTMLRequirements.anchor(requirement.id))\">"
            + "\(Escaping.html(requirement.citation))</a></p>\n"
    }

    /// icon-loading: the source image and each implementation's output side by side, enlarged
    /// without smoothing over a checkerboard (so transparent corners and the stroke show).
    static func pictures(_ row: MatrixRow, matrix: ConformanceMatrix) -> String {
        let source = row.results.compactMap { $0?.sourcePicture }.first
        guard source != nil || row.results.contains(where: { $0?.picture != nil }) else { return "" }
        var out = "<div class=\"icons\">\n"
        func figure(_ base64: String?, _ caption: String) -> String {
            let image =
                base64.map { "<img src=\"data:image/png;base64,\($0)\" alt=\"\(Escaping.html(caption))\">" }
                ?? "<span class=\"no-icon\">no image</span>"
            return "<figure>\(image)<figcaption>\(Escaping.html(caption))</figcaption></figure>\n"
        }
        if let source { out += figure(source, "source") }
        for (info, result) in zip(matrix.implementations, row.results) {
            guard let result, result.outcome != .notApplicable else { continue }
            out += figure(result.picture, "\(info.name): \(result.outcome.rawValue)")
        }
        return out + "</div>\n"
    }

    static func bytes(_ bytes: [UInt8]?, hasLibrary: Bool) -> String {
        guard let bytes else {
            return hasLibrary
                ? "<p class=\"bytes\">vector file not found under the vectors root</p>\n"
                : "<p class=\"bytes\">vector bytes not included (rendered without a vectors root)</p>\n"
        }
        var out = "<details><summary>input, \(bytes.count) bytes, escaped and as hex</summary>\n<pre class=\"bytes\">"
        out += Escaping.html(TerminalText.escaped(bytes: bytes.prefix(byteLimit)))
        if bytes.count > byteLimit { out += "\n… \(bytes.count - byteLimit) more bytes" }
        out += "</pre>\n<pre class=\"hex\">" + Escaping.html(Escaping.hexDump(Array(bytes.prefix(dumpLimit))))
        if bytes.count > dumpLimit { out += "\n… \(bytes.count - dumpLimit) more bytes" }
        return out + "</pre>\n</details>\n"
    }

    /// A pass with nothing on standard error: not detailed.
    static func isQuietPass(_ result: VectorResult) -> Bool { result.outcome == .pass && result.diagnostics.isEmpty }

    static func result(_ result: VectorResult, implementation info: ImplementationInfo) -> String {
        var out = "<div class=\"result\" id=\"\(ConformanceHTML.resultAnchor(info.name, result.caseID))\">\n"
        out += "<p>\(ConformanceHTML.cellSpan(result.outcome)) <strong>\(Escaping.html(info.name))</strong>: "
        out += "<code>\(result.outcome.rawValue)</code>"
        if let severity = result.severity {
            out +=
                " <span class=\"sev \(ConformanceHTML.severityClass(severity))\">\(Escaping.html(severity.phrase))</span>"
        }
        if let kind = result.effectiveCrashKind { out += ", crash kind: \(Escaping.html(kind.phrase))" }
        if let status = result.exitStatus { out += ", exit status \(status)" }
        if let signal = result.signal { out += ", signal \(signal)" }
        if let reason = result.knownFailure {
            out += ", <sup>k</sup> known failure: \(Escaping.html(reason))"
        }
        out += "</p>\n"
        // For a call that did not exit 0, the runner's text starts with how it ended, then any standard output.
        let label = result.exitStatus == 0 ? "standard output" : "how it ended, then any standard output"
        out += "<div class=\"label\">\(label)</div>\n"
        out +=
            "<pre class=\"actual\">\(Escaping.html(TerminalText.spellingControls(result.actual, keepingLineBreaks: true)))</pre>\n"
        if !result.diagnostics.isEmpty {
            let tail =
                result.diagnostics.count > stderrTail
                ? "…" + String(result.diagnostics.suffix(stderrTail)) : result.diagnostics
            let shown = result.diagnostics.count > stderrTail ? ", its last \(stderrTail) characters" : ""
            out += "<div class=\"label\">standard error\(shown)</div>\n<pre class=\"diagnostics\">"
            out += "\(Escaping.html(TerminalText.spellingControls(tail, keepingLineBreaks: true)))</pre>\n"
        }
        return out + "</div>\n"
    }
}
