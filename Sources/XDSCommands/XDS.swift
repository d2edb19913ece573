// Sources/XDSCommands/XDS.swift - The dispatch table of the xds command

/// The `xds` tool: dispatches to its subcommands.
public enum XDS {
    /// The tool's version, printed by `xds --version` and recorded in reports.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `xds help` lists them.
    public static let commands: [any Command.Type] = [
        ReadCommand.self, WriteCommand.self, ValidateCommand.self, RemoveCommand.self,
        DecodeCommand.self, EncodeCommand.self, SelectIconCommand.self, IconCommand.self,
        ConformanceCommand.self, FSProbeCommand.self, FSMatrixCommand.self, ReportCommand.self,
        ReadAttributeCommand.self, WriteAttributeCommand.self, LoadIconCommand.self, CapabilitiesCommand.self,
        AdapterLibplistCommand.self,
    ]

    /// Runs `xds` with `arguments` (including the program name at index 0).
    public static func main(_ arguments: [String]) -> ExitStatus {
        let rest = Array(arguments.dropFirst())
        guard let first = rest.first else {
            Console.printError(overview)
            return .usage
        }
        switch first {
        case "-h", "--help":
            Console.printOut(overview)
            return .success
        case "--version":
            Console.printOut(version)
            return .success
        case "help":
            if rest.count > 1, let command = commands.first(where: { $0.name == rest[1] }) {
                Console.printOut(command.help, terminator: command.help.hasSuffix("\n") ? "" : "\n")
                return .success
            }
            if rest.count > 1, rest[1] == "adapter" {
                Console.printOut(AdapterProtocolHelp.text)
                return .success
            }
            Console.printOut(overview)
            return rest.count > 1 ? .usage : .success
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                Console.printError("Error: unknown command '\(first)'")
                Console.printError("  See 'xds --help' for the list of commands.")
                return .usage
            }
            return command.run(Array(rest.dropFirst()))
        }
    }

    /// The text of `xds --help`.
    public static var overview: String {
        var lines = [
            "OVERVIEW: the x-document-source reference implementation and conformance suite",
            "",
            "USAGE: xds <subcommand> [options]",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands {
            let padding = String(repeating: " ", count: max(1, 17 - command.name.count))
            lines.append("  " + command.name + padding + command.abstract)
        }
        lines += [
            "", "  See 'xds help <subcommand>' for detailed help, 'xds help adapter' for the", "  adapter protocol.",
        ]
        return lines.joined(separator: "\n")
    }
}
