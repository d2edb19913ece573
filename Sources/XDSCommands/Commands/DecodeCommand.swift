// Sources/XDSCommands/Commands/DecodeCommand.swift - `xds decode` (placeholder until issue 2 lands it)

/// `xds decode`: Decodes bplist bytes to tagged JSON.
enum DecodeCommand: Command {
    static let name = "decode"
    static let abstract = "Decodes bplist bytes to tagged JSON"
    static let help = """
        OVERVIEW: Decodes bplist bytes to tagged JSON.

        USAGE: xds decode

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds decode: not implemented yet")
        return .internalError
    }
}
