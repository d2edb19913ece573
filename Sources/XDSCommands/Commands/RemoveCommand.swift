// Sources/XDSCommands/Commands/RemoveCommand.swift - `xds remove` (placeholder until issue 3 lands it)

/// `xds remove`: Removes the x-document-source attribute.
enum RemoveCommand: Command {
    static let name = "remove"
    static let abstract = "Removes the x-document-source attribute"
    static let help = """
        OVERVIEW: Removes the x-document-source attribute.

        USAGE: xds remove

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds remove: not implemented yet")
        return .internalError
    }
}
