// Sources/Reporting/HTMLCaseDetails.swift - The part of conformance.html every matrix cell links to

import ConformanceModel
import ReportFormatting

/// Per vector: its escaped bytes; per case: what was expected; per implementation: its raw output.
enum HTMLCaseDetails {
    /// Input bytes shown escaped, at most.
    static let byteLimit = 4096
    /// Input bytes shown as a hex dump, at most.
    static let dumpLimit = 1024

    static func render(_ matrix: ConformanceMatrix, vectors: VectorLibrary?, clauses: RequirementIndex) -> String {
        var order: [String] = []
        var rowsByVector: [String: [MatrixRow]] = [:]
        for row in matrix.rows {
            if rowsByVector[row.first.vectorID] == nil { order.append(row.first.vectorID) }
            rowsByVector[row.first.vectorID, default: []].append(row)
        }
        var out = "<section id=\"details\">\n<h2>Cases</h2>\n"
        for vectorID in order {
            out += vector(
                vectorID, rows: rowsByVector[vectorID] ?? [], matrix: matrix, vectors: vectors,
                requirement: clauses.requirement(of: vectorID))
        }
        return out + "</section>\n"
    }

    static func vector(
        _ id: String, rows: [MatrixRow], matrix: ConformanceMatrix, vectors: VectorLibrary?,
        requirement: RequirementResult? = nil
    ) -> String {
        var out = "<article class=\"vector\" id=\"\(ConformanceHTML.vectorAnchor(id))\">\n"
        out += "<h3><code>\(Escaping.html(id))</code></h3>\n"
        if let first = rows.first?.first {
            out += "<p>area <code>\(first.area.rawValue)</code>, group <code>\(first.group.rawValue)</code>, "
            out += "level <code>\(first.level.rawValue)</code></p>\n"
        }
        if let requirement { out += clause(requirement) }
        if rows.first?.first.area != .iconLoading {  // an icon-loading input is a site (JSON), shown by its pictures
            out += bytes(vectors?.bytes(of: id), hasLibrary: vectors != nil)
        }
        for row in rows {
            if rows.count > 1 || row.first.caseID != id {
                out += "<h4><code>\(Escaping.html(row.first.caseID))</code></h4>\n"
            }
            out += "<p>expected: <code>\(Escaping.html(Escaping.visibleControls(row.first.expected)))</code></p>\n"
            if row.first.area == .iconLoading { out += pictures(row, matrix: matrix) }
            var passing: [String] = []
            for (info, result) in zip(matrix.implementations, row.results) {
                guard let result else { continue }
                // A quiet pass printed what the case expects: its output is left to conformance.json and its
                // matrix cell links here, which keeps the page small with many implementations.
                if isQuietPass(result) {
                    passing.append(Escaping.html(info.title))
                    continue
                }
                out += self.result(result, implementation: info)
            }
            if !passing.isEmpty {
                out += "<p class=\"as-expected\">\(ConformanceHTML.cellSpan(.pass)) as expected (output in "
                out += "conformance.json): " + passing.joined(separator: ", ") + "</p>\n"
            }
        }
        return out + "</article>\n"
    }

    /// The requirement a vector tests, linked to its row in the requirements section.
    static func clause(_ requirement: RequirementResult) -> String {
        "<p class=\"clause\">tests <a href=\"#\(HTMLRequirements.anchor(requirement.id))\">"
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
        var out = "<p>input, \(bytes.count) bytes, escaped:</p>\n<pre class=\"bytes\">"
        out += Escaping.html(Escaping.bytes(bytes.prefix(byteLimit)))
        if bytes.count > byteLimit { out += "\n… \(bytes.count - byteLimit) more bytes" }
        out += "</pre>\n<pre class=\"hex\">" + Escaping.html(Escaping.hexDump(Array(bytes.prefix(dumpLimit))))
        if bytes.count > dumpLimit { out += "\n… \(bytes.count - dumpLimit) more bytes" }
        return out + "</pre>\n"
    }

    /// A pass with nothing on standard error: not detailed in the HTML.
    static func isQuietPass(_ result: VectorResult) -> Bool { result.outcome == .pass && result.diagnostics.isEmpty }

    static func result(_ result: VectorResult, implementation info: ImplementationInfo) -> String {
        var out = "<div class=\"result\" id=\"\(ConformanceHTML.resultAnchor(info.name, result.caseID))\">\n"
        out += "<p>\(ConformanceHTML.cellSpan(result.outcome)) <strong>\(Escaping.html(info.title))</strong>: "
        out += "<code>\(result.outcome.rawValue)</code>"
        if let status = result.exitStatus { out += ", exit status \(status)" }
        if let signal = result.signal { out += ", signal \(signal)" }
        if let reason = result.knownFailure { out += ", known failure: \(Escaping.html(reason))" }
        out += "</p>\n"
        // A pass printed what the case expects (shown once above): its output is left to conformance.json, which
        // keeps the HTML small with many implementations. Every other outcome shows the output in full.
        out +=
            "<pre class=\"actual\" title=\"stdout\">\(Escaping.html(Escaping.visibleControls(result.actual, keepingLineBreaks: true)))</pre>\n"
        if !result.diagnostics.isEmpty {
            out += "<pre class=\"diagnostics\" title=\"stderr\">"
            out += "\(Escaping.html(Escaping.visibleControls(result.diagnostics, keepingLineBreaks: true)))</pre>\n"
        }
        return out + "</div>\n"
    }
}
