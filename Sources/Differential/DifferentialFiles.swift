// Sources/Differential/DifferentialFiles.swift - Reports/differential.*: written by a run, re-rendered from the JSON

import Foundation
import ReportFormatting

/// The one writer of a differential run's report files, used by `xds differential --out` and `xds report`.
public enum DifferentialFiles {
    public static let json = "differential.json"

    /// Writes `differential.json` (unless `includeJSON` is false), `differential.md` with its detail pages
    /// (`DifferentialMarkdown.pages`; a previous run's pages are removed first, since this run may have fewer) and
    /// `differential.html` into `directory`; returns the paths written.
    @discardableResult
    public static func write(_ report: DifferentialReport, to directory: String, includeJSON: Bool = true)
        throws(ReportError) -> [String]
    {
        try AtomicFile.makeDirectory(directory)
        var written: [String] = []
        if includeJSON {
            try AtomicFile.write(ReportJSON.encode(report), to: directory + "/" + json)
            written.append(directory + "/" + json)
        }
        let previous = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in previous.sorted() where DifferentialMarkdown.isDetailPage(name) {
            try AtomicFile.remove(directory + "/" + name)
        }
        for page in DifferentialMarkdown.pages(report) {
            try AtomicFile.write(Array(page.text.utf8), to: directory + "/" + page.name)
            written.append(directory + "/" + page.name)
        }
        try AtomicFile.write(Array(DifferentialHTML.render(report).utf8), to: directory + "/differential.html")
        written.append(directory + "/differential.html")
        return written
    }

    /// Reads `<input>/differential.json` and writes the rest (and the JSON, when `output` is elsewhere) into
    /// `output`; returns the paths written.
    public static func render(from input: String, to output: String) throws(ReportError) -> [String] {
        let path = input + "/" + json
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReportError(path: path, "cannot read the file")
        }
        let report = try ReportJSON.decode(DifferentialReport.self, from: Array(data), path: path)
        return try write(report, to: output, includeJSON: input != output)
    }
}
