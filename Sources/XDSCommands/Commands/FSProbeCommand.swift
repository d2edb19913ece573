// Sources/XDSCommands/Commands/FSProbeCommand.swift - `xds fs-probe` (placeholder until issue 8 lands it)

/// `xds fs-probe`: Measures extended-attribute limits on mounted filesystems.
enum FSProbeCommand: Command {
    static let name = "fs-probe"
    static let abstract = "Measures extended-attribute limits on mounted filesystems"
    static let help = """
        OVERVIEW: Measures extended-attribute limits on mounted filesystems.

        USAGE: xds fs-probe

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds fs-probe: not implemented yet")
        return .internalError
    }
}
