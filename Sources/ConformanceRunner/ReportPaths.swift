// Sources/ConformanceRunner/ReportPaths.swift - Reports carry no machine-specific absolute paths

import ConformanceModel
import Foundation

/// Rewrites the paths of this machine in a report: the checkout (the working directory of the run) becomes
/// relative, the run's temporary directory and the calls' scratch directories become `$TMPDIR/…` without
/// their random suffix, and a program outside the checkout is named as a user types it (`python3`, not
/// `/root/.pyenv/versions/3.11.7/bin/python3`). The report then reads the same on every machine.
public struct ReportPaths: Hashable, Sendable {
    public var checkout: String
    public var workDirectory: String
    public var temporaryBase: String

    public init(workDirectory: String) {
        checkout = FileManager.default.currentDirectoryPath
        self.workDirectory = workDirectory
        temporaryBase = (workDirectory as NSString).deletingLastPathComponent
    }

    public func apply(to report: ConformanceReport) -> ConformanceReport {
        var report = report
        report.provenance.command = command(report.provenance.command)
        for index in report.runs.indices {
            report.runs[index].implementation.command = report.runs[index].implementation.command.map(command)
            for result in report.runs[index].results.indices {
                report.runs[index].results[result].actual = text(report.runs[index].results[result].actual)
                report.runs[index].results[result].diagnostics = text(
                    report.runs[index].results[result].diagnostics)
            }
        }
        return report
    }

    /// A recorded command line: each word that is a path made relative or, for a program outside the
    /// checkout, reduced to its name.
    public func command(_ line: String) -> String {
        guard let words = try? shellSplit(line) else { return text(line) }
        var programSeen = false
        return words.map { word -> String in
            defer { if !word.contains("=") && !programSeen && word != "/usr/bin/env" { programSeen = true } }
            if word.hasPrefix(checkout + "/") { return shellQuote(String(word.dropFirst(checkout.count + 1))) }
            if word.hasPrefix("/") && !programSeen && word != "/usr/bin/env" {
                return shellQuote((word as NSString).lastPathComponent)
            }
            return shellQuote(text(word))
        }.joined(separator: " ")
    }

    /// Free text (results, diagnostics): the work directory, scratch directories and the checkout rewritten.
    public func text(_ value: String) -> String {
        var value = value.replacingOccurrences(of: workDirectory, with: "$TMPDIR/xds-conformance")
        value = value.replacingOccurrences(
            of: NSRegularExpression.escapedPattern(for: temporaryBase) + "/xds-call\\.[A-Za-z0-9]{6}",
            with: "\\$TMPDIR/xds-call", options: .regularExpression)
        value = value.replacingOccurrences(of: checkout + "/", with: "")
        return value
    }
}
