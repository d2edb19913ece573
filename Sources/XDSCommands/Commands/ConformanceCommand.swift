// Sources/XDSCommands/Commands/ConformanceCommand.swift - `xds conformance` (placeholder until issue 5 lands it)

/// `xds conformance`: Runs the conformance vectors against implementations.
enum ConformanceCommand: Command {
    static let name = "conformance"
    static let abstract = "Runs the conformance vectors against implementations"
    static let help = """
        OVERVIEW: Runs the conformance vectors against implementations.

        USAGE: xds conformance

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds conformance: not implemented yet")
        return .internalError
    }
}
