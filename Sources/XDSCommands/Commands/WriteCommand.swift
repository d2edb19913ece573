// Sources/XDSCommands/Commands/WriteCommand.swift - `xds write` (placeholder until issue 3 lands it)

/// `xds write`: Writes the x-document-source attribute of a file.
enum WriteCommand: Command {
    static let name = "write"
    static let abstract = "Writes the x-document-source attribute of a file"
    static let help = """
        OVERVIEW: Writes the x-document-source attribute of a file.

        USAGE: xds write

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds write: not implemented yet")
        return .internalError
    }
}
