// Sources/ReportFormatting/AtomicFile.swift - Replacing a report file so a reader never sees half of it

import Foundation

/// Writes whole files atomically.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReportError(path: path, "cannot write the file: \(FileFailure.reason(error))")
        }
    }
}
