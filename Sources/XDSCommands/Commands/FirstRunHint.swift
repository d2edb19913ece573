// Sources/XDSCommands/Commands/FirstRunHint.swift - What a first run without a known-failure list says

import ConformanceRunner

/// The lines printed after the FAIL lines of an implementation that has no known-failure list yet, so that a
/// first run with a new adapter does not read like a runner error. The two commands repeat the run exactly as it
/// was typed (`--vectors`, `--area`, `--run`, `--name`, limits…), so that pasted in the same directory they work.
enum FirstRunHint {
    /// - Parameters:
    ///   - implementation: the name of the implementation without a list.
    ///   - isAdapter: whether it is the `--cmd` adapter (else a built-in, run alone with `--impl NAME`).
    ///   - arguments: the command line as typed, the program first.
    static func lines(implementation: String, isAdapter: Bool, arguments: [String]) -> [String] {
        let file = implementation + "-known.txt"
        let base = command(arguments, implementation: implementation, isAdapter: isAdapter)
        return [
            "note: \(implementation) has no known-failure list yet, so every required-level deviation above counts",
            "as unexpected. This is what a first run with a new implementation looks like, not a runner error.",
            "Write the first list, review each line, then run with it (exit 0 while nothing changes):",
            "  " + (base + ["--write-known-failures", file]).map(shellQuote).joined(separator: " "),
            "  " + (base + ["--known-failures", file]).map(shellQuote).joined(separator: " "),
        ]
    }

    /// The options a known-failure command replaces: the lists, and the outputs that would print the report.
    static let replaced: Set<String> = ["--known-failures", "--write-known-failures", "--json"]
    /// The options left out when a built-in is run alone (`--impl NAME` stands for them).
    static let implementationOptions: Set<String> = ["--impl", "--cmd", "--name", "--known-failures-dir"]

    /// `arguments` without the known-failure options (and, for a built-in, with only `--impl implementation`).
    static func command(_ arguments: [String], implementation: String, isAdapter: Bool) -> [String] {
        guard let program = arguments.first else { return [] }
        var dropped = replaced
        if !isAdapter { dropped.formUnion(implementationOptions) }
        var kept: [String] = []
        var index = 1
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") {
                onlyPositionals = onlyPositionals || word == "--"
                kept.append(word)
                continue
            }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard dropped.contains(name) else {
                kept.append(word)
                if !word.contains("="), ConformanceCommand.spec.valueOptions.contains(name), index < arguments.count {
                    kept.append(arguments[index])
                    index += 1
                }
                continue
            }
            if !word.contains("="), ConformanceCommand.spec.valueOptions.contains(name) { index += 1 }
        }
        if !isAdapter { kept.insert(contentsOf: ["--impl", implementation], at: min(1, kept.count)) }
        return [program] + kept
    }
}
