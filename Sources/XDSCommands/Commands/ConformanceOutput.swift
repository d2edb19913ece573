// Sources/XDSCommands/Commands/ConformanceOutput.swift - Writes the report JSON (and renderings) of a run

import Conformance
import Foundation

/// The files a run writes.
enum ConformanceOutput {
    /// The report as pretty, key-sorted JSON.
    static func json(_ report: ConformanceReport) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(report)).map { [UInt8]($0) } ?? []
    }

    /// Writes `--out DIR/conformance.json` and the requested renderings; returns a message on failure.
    static func write(_ report: ConformanceReport, options: ConformanceOptions) -> String? {
        var files: [(String, [UInt8])] = []
        if let out = options.out {
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                return "cannot create \(out): \(error.localizedDescription)"
            }
            files.append((out + "/conformance.json", json(report)))
        }
        for requested in [options.junit, options.html, options.markdown].compactMap({ $0 }) {
            Console.printError("warning: \(requested): renderings are not available in this build; see the JSON report")
        }
        for (path, bytes) in files {
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                return "cannot write \(path)"
            }
        }
        return nil
    }
}
