// Sources/XDSCommands/Commands/FirstRunHint.swift - What a first run without a known-failure list says

import ConformanceRunner

/// The lines printed after the FAIL lines of an implementation that has no known-failure list yet, so that a
/// first run with a new adapter does not read like a runner error.
enum FirstRunHint {
    static func lines(implementation: String, adapter: [String]?) -> [String] {
        let file = implementation + "-known.txt"
        let command =
            adapter.map { " --cmd " + shellQuote($0.map(shellQuote).joined(separator: " ")) }
            ?? " --impl " + shellQuote(implementation)
        return [
            "note: \(implementation) has no known-failure list yet, so every required-level deviation above counts",
            "as unexpected. This is what a first run with a new implementation looks like, not a runner error.",
            "Write the first list, review each line, then run with it (exit 0 while nothing changes):",
            "  xds conformance\(command) --write-known-failures \(shellQuote(file))",
            "  xds conformance\(command) --known-failures \(shellQuote(file))",
        ]
    }
}
