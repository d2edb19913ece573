// Sources/Reporting/ReportFiles.swift - Writing the conformance report files, each atomically

import ConformanceModel
import Foundation
import ReportFormatting

/// Writes `conformance.json`, `.md` (with `conformance-<implementation>.md` beside it), `.html` (with
/// `conformance-<area>.html` beside it) and `junit-<implementation>.xml` into a directory.
public enum ReportFiles {
    /// The file names, relative to the output directory.
    public static let json = "conformance.json"
    /// See `json`.
    public static let markdown = "conformance.md"
    /// See `json`.
    public static let html = "conformance.html"
    /// The results picture (`ResultsPictureLayout`), drawn with cairo.
    public static let picture = "matrix.png"

    /// The JUnit file name for implementation `name`.
    public static func junit(_ name: String) -> String { "junit-\(Escaping.anchor(name)).xml" }

    /// Writes every rendering of `report`. Each file is replaced atomically (temporary file, then rename),
    /// so a reader never sees a half-written report.
    /// - Parameters:
    ///   - report: the results.
    ///   - directory: the output directory, created if missing.
    ///   - vectors: where to read vector bytes for the HTML details (optional).
    ///   - junitFor: the implementations (by `name`) that get a JUnit file.
    ///   - includeJSON: `false` when re-rendering from an existing `conformance.json`.
    /// - Returns: the paths written.
    /// - Throws: `ReportError` for the first file that cannot be written.
    @discardableResult
    public static func write(
        _ report: ConformanceReport, to directory: String, vectors: VectorLibrary? = nil, junitFor: [String] = [],
        includeJSON: Bool = true
    ) throws(ReportError) -> [String] {
        try AtomicFile.makeDirectory(directory)
        // A report made before results carried hazards gets them from the manifest beside it.
        let report =
            vectors.map { library in report.fillingMissingHazards { library.metadata(of: $0)?.hazard } } ?? report
        var files: [(String, [UInt8])] = []
        if includeJSON { files.append((json, ConformanceJSON.encode(report))) }
        files += renderings(report, vectors: vectors?.linked(from: directory))
        do {
            files.append((picture, try PicturePNG.render(ResultsPictureLayout.grid(report))))
        } catch {
            throw ReportError(path: directory + "/" + picture, "\(error)")
        }
        for name in junitFor {
            guard let run = report.runs.first(where: { $0.implementation.name == name }) else {
                throw ReportError(path: directory, "no implementation named \(name) in the report")
            }
            files.append((junit(name), Array(JUnitXML.render(run, provenance: report.provenance).utf8)))
        }
        var written: [String] = []
        for (name, bytes) in files {
            let path = directory + "/" + name
            try AtomicFile.write(bytes, to: path)
            written.append(path)
        }
        return written
    }

    /// `conformance.md` and its per-implementation files, `conformance.html` and its per-area files: name → bytes.
    public static func renderings(_ report: ConformanceReport, vectors: VectorLibrary?) -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = [(markdown, Array(ConformanceMarkdown.render(report).utf8))]
        files += ConformanceMarkdown.implementationPages(report).map { ($0.0, Array($0.1.utf8)) }
        files.append((html, Array(ConformanceHTML.render(report, vectors: vectors).utf8)))
        files += ConformanceHTML.detailPages(report, vectors: vectors).map { ($0.0, Array($0.1.utf8)) }
        return files
    }

    /// Writes the HTML report to `path` and its per-area files beside it (`--html PATH`).
    public static func writeHTML(_ report: ConformanceReport, to path: String, vectors: VectorLibrary?)
        throws(ReportError)
    {
        let directory =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        let vectors = vectors?.linked(from: directory)
        try AtomicFile.write(Array(ConformanceHTML.render(report, vectors: vectors).utf8), to: path)
        for (name, page) in ConformanceHTML.detailPages(report, vectors: vectors) {
            try AtomicFile.write(Array(page.utf8), to: directory + "/" + name)
        }
    }

    /// Writes the Markdown report to `path` and its per-implementation files beside it (`--markdown PATH`).
    public static func writeMarkdown(_ report: ConformanceReport, to path: String) throws(ReportError) {
        let directory =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        try AtomicFile.write(Array(ConformanceMarkdown.render(report).utf8), to: path)
        for (name, page) in ConformanceMarkdown.implementationPages(report) {
            try AtomicFile.write(Array(page.utf8), to: directory + "/" + name)
        }
    }

    /// Reads `<directory>/conformance.json`.
    public static func read(from directory: String) throws(ReportError) -> ConformanceReport {
        let path = directory + "/" + json
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReportError(path: path, "cannot read the file")
        }
        return try ConformanceJSON.decode(Array(data), path: path)
    }

}
