// Tests/ReportFormattingTests/FileFailureTests.swift - File errors in the tool's words

import Foundation
import ReportFormatting
import Testing

@Suite struct FileFailureTests {
    @Test func aFailedWriteSaysTheSystemsReasonNotFoundations() throws {
        let directory = NSTemporaryDirectory() + "xds-file-failure-" + UUID().uuidString
        try Data().write(to: URL(fileURLWithPath: directory))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for path in [directory + "/missing/report.json", directory + "/report.json"] {
            do {
                try AtomicFile.write([1, 2, 3], to: path)
                Issue.record("\(path) was written")
            } catch {
                #expect(error.description.hasPrefix(path + ": cannot write the file: "))
                #expect(!error.description.contains("operation could not be completed"), "\(error)")
                #expect(!error.description.contains("NSCocoaErrorDomain"), "\(error)")
                #expect(
                    error.description.hasSuffix("No such file or directory")
                        || error.description.hasSuffix("Not a directory"), "\(error)")
            }
        }
    }
}
