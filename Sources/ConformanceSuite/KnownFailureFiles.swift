// Sources/ConformanceSuite/KnownFailureFiles.swift - The known-failure lists a run reads and writes

import BuiltInPeers
import ConformanceModel
import ConformanceRunner
import Foundation

/// Which list file each implementation of a run is judged by, and the lists a run writes.
struct KnownFailureFiles: Sendable {
    var request: SuiteRequest

    struct ListError: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    /// The list for `implementation`: `--known-failures` for the adapter or the single built-in, else the
    /// built-in's committed list in the known-failures directory, else empty.
    /// - Returns: the list, and whether a list file was found.
    func list(for implementation: ImplementationInfo) throws(ListError) -> (KnownFailures, Bool) {
        var path: String?
        if let given = request.knownFailures, implementation.kind == "adapter" || request.adapter == nil {
            path = given
        } else if implementation.kind == "built-in" {
            let directory = request.knownFailuresDirectory ?? BuiltInLocations.knownFailuresDirectory()
            path = directory.map { $0 + "/" + implementation.name + ".txt" }
            if let candidate = path, !FileManager.default.fileExists(atPath: candidate) { path = nil }
        }
        guard let path else { return (KnownFailures(), false) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ListError(text: "\(path): unreadable")
        }
        do {
            return (try KnownFailures.parse(String(decoding: data, as: UTF8.self)), true)
        } catch {
            throw ListError(text: "\(path): \(error)")
        }
    }

    /// Writes each run's deviations as a list, when the request asks for it.
    /// - Returns: one line per list written, naming it and how to use it; or the file that could not be written.
    func write(_ runs: [ImplementationRun]) -> Result<[String], ListError> {
        guard let path = request.writeKnownFailures else { return .success([]) }
        var written: [String] = []
        for run in runs {
            let target = path.replacingOccurrences(of: "{impl}", with: run.implementation.name)
            let text = KnownFailures.render(run.results, implementation: run.implementation.name)
            guard FileManager.default.createFile(atPath: target, contents: Data(text.utf8)) else {
                return .failure(ListError(text: "cannot write the known-failure list \(target)"))
            }
            let entries = run.results.filter(\.outcome.isDeviation).count
            written.append(
                "wrote \(entries) \(entries == 1 ? "entry" : "entries") to \(target); review them, then run with"
                    + " --known-failures \(shellQuote(target))")
        }
        return .success(written)
    }
}
