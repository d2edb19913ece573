// Sources/XDSCommands/Commands/ValidateCommand.swift - `xds validate` (placeholder until issue 3 lands it)

/// `xds validate`: Checks an attribute against the convention.
enum ValidateCommand: Command {
    static let name = "validate"
    static let abstract = "Checks an attribute against the convention"
    static let help = """
        OVERVIEW: Checks an attribute against the convention.

        USAGE: xds validate

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds validate: not implemented yet")
        return .internalError
    }
}
