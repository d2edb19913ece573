// Sources/XDSCommands/Commands/SelectIconCommand.swift - `xds select-icon` (placeholder until issue 4 lands it)

/// `xds select-icon`: Chooses the icon from appInfo.json.
enum SelectIconCommand: Command {
    static let name = "select-icon"
    static let abstract = "Chooses the icon from appInfo.json"
    static let help = """
        OVERVIEW: Chooses the icon from appInfo.json.

        USAGE: xds select-icon

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds select-icon: not implemented yet")
        return .internalError
    }
}
