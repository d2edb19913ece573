// Sources/XDSCommands/Commands/ReadCommand.swift - `xds read` (placeholder until issue 3 lands it)

/// `xds read`: Reads the x-document-source attribute of a file.
enum ReadCommand: Command {
    static let name = "read"
    static let abstract = "Reads the x-document-source attribute of a file"
    static let help = """
        OVERVIEW: Reads the x-document-source attribute of a file.

        USAGE: xds read

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds read: not implemented yet")
        return .internalError
    }
}
