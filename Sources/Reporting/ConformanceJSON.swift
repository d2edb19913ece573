// Sources/Reporting/ConformanceJSON.swift - conformance.json: pretty, sorted keys, byte-stable

import Conformance
import Foundation

/// Reads and writes `conformance.json`, the source every other rendering is made from.
public enum ConformanceJSON {
    /// The report as pretty-printed JSON with sorted keys and a final newline; equal reports give equal bytes.
    public static func encode(_ report: ConformanceReport) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain Codable structs cannot fail; an empty document would show it if it did.
        let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
        return Array(data) + [0x0A]
    }

    /// Parses `conformance.json`.
    /// - Throws: `ReportError` naming `path` and the JSON problem.
    public static func decode(_ bytes: [UInt8], path: String = "conformance.json") throws(ReportError)
        -> ConformanceReport
    {
        do {
            return try JSONDecoder().decode(ConformanceReport.self, from: Data(bytes))
        } catch {
            throw ReportError(path: path, "not a conformance report: \(error)")
        }
    }
}
