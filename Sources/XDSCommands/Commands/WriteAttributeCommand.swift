// Sources/XDSCommands/Commands/WriteAttributeCommand.swift - `xds write-attribute` (placeholder until issue  writes fields read as JSON on stdin:5 lands it)

/// `xds write-attribute`: Adapter call, writes the fields given as JSON.
enum WriteAttributeCommand: Command {
    static let name = "write-attribute"
    static let abstract = "Adapter call, writes the fields given as JSON"
    static let help = """
        OVERVIEW: Adapter call, writes the fields given as JSON.

        USAGE: xds write-attribute

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds write-attribute: not implemented yet")
        return .internalError
    }
}
