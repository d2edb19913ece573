// Sources/XDSCommands/Commands/ReadAttributeCommand.swift - `xds read-attribute` (placeholder until issue  the attribute's fields as JSON:5 lands it)

/// `xds read-attribute`: Adapter call, the attribute's fields as JSON.
enum ReadAttributeCommand: Command {
    static let name = "read-attribute"
    static let abstract = "Adapter call, the attribute's fields as JSON"
    static let help = """
        OVERVIEW: Adapter call, the attribute's fields as JSON.

        USAGE: xds read-attribute

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds read-attribute: not implemented yet")
        return .internalError
    }
}
