// Sources/XDSCommands/Commands/ReportCommand.swift - `xds report` (placeholder until issue 5 lands it)

/// `xds report`: Re-renders reports from their JSON source.
enum ReportCommand: Command {
    static let name = "report"
    static let abstract = "Re-renders reports from their JSON source"
    static let help = """
        OVERVIEW: Re-renders reports from their JSON source.

        USAGE: xds report

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds report: not implemented yet")
        return .internalError
    }
}
