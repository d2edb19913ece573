// Sources/XDSCommands/Commands/EncodeCommand.swift - `xds encode` (placeholder until issue 2 lands it)

/// `xds encode`: Encodes tagged JSON as canonical bplist00.
enum EncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Encodes tagged JSON as canonical bplist00"
    static let help = """
        OVERVIEW: Encodes tagged JSON as canonical bplist00.

        USAGE: xds encode

        Not implemented yet.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        Console.printError("xds encode: not implemented yet")
        return .internalError
    }
}
