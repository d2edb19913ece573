// Sources/Reporting/ConformanceJSON.swift - conformance.json: pretty, sorted keys, byte-stable

import ConformanceModel
import ReportFormatting

/// Reads and writes `conformance.json`, the source every other rendering is made from.
public enum ConformanceJSON {
    /// The report as pretty-printed JSON with sorted keys and a final newline; equal reports give equal bytes.
    public static func encode(_ report: ConformanceReport) -> [UInt8] {
        ReportJSON.encode(report)
    }

    /// Parses `conformance.json`.
    /// - Throws: `ReportError` naming `path` and the JSON problem.
    public static func decode(_ bytes: [UInt8], path: String = "conformance.json") throws(ReportError)
        -> ConformanceReport
    {
        try ReportJSON.decode(ConformanceReport.self, from: bytes, path: path)
    }
}
