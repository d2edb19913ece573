// Sources/XDSCommands/Commands/CapabilitiesCommand.swift - `xds capabilities` (placeholder until issue  the calls this implementation supports:5 lands it)

/// `xds capabilities`: Adapter call, the calls this implementation supports.
enum CapabilitiesCommand: Command {
    static let name = "capabilities"
    static let abstract = "Adapter call, the calls this implementation supports"
    static let help = """
        OVERVIEW: Adapter call, the calls this implementation supports.

        USAGE: xds capabilities

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds capabilities: not implemented yet")
        return .internalError
    }
}
