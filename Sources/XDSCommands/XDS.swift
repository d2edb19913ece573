// Sources/XDSCommands/XDS.swift - The dispatch table of the xds command

import ChildProcess
import ConformanceModel

/// The `xds` tool: dispatches to its subcommands.
public enum XDS {
    /// The tool's version, printed by `xds --version`: the suite's version (`ConformanceModel.suiteVersion`, the
    /// one source), which also names the release tarball and stands in every report's provenance.
    public static let version = suiteVersion

    /// Every subcommand, in the order `xds help` lists them.
    public static let commands: [any Command.Type] = [
        ReadCommand.self, WriteCommand.self, ValidateCommand.self, RemoveCommand.self,
        DecodeCommand.self, EncodeCommand.self, SelectIconCommand.self, IconCommand.self,
        ConformanceCommand.self, DifferentialCommand.self, FSProbeCommand.self, FSMatrixCommand.self,
        ReportCommand.self,
        ReadAttributeCommand.self, WriteAttributeCommand.self, LoadIconCommand.self, CapabilitiesCommand.self,
        AdapterLibplistCommand.self,
    ]

    /// Runs `xds` with `arguments` (including the program name at index 0).
    public static func main(_ arguments: [String]) -> ExitStatus {
        main(arguments: arguments.map { CommandLineArgument($0) })
    }

    /// Runs `xds` with the raw `argv` (including the program name at index 0): paths keep their bytes.
    ///
    /// The one place where errors end: a command's `CommandError` is printed here (escaped, on
    /// standard error) and its kind mapped to the exit status. A failed write to standard error makes a
    /// successful run exit 74. `.brokenPipe` asks the caller to end by `SIGPIPE` (see `main.swift`).
    ///
    /// SIGINT, SIGTERM and SIGHUP are blocked first, before any thread exists, so that every thread started
    /// later inherits the block: a command that handles them (`handlesTerminatingSignals`) then receives them
    /// only on its handling thread, never with the default action on another thread, which would end it
    /// without cleanup. Every other command runs with the mask the caller gave, and stays killable.
    public static func main(arguments: [CommandLineArgument]) -> ExitStatus {
        let callerMask = TerminationCleanup.blockSignals()
        defer { callerMask.restore() }
        let rest = Array(arguments.dropFirst())
        if !(commands.first { $0.name == rest.first?.text }?.handlesTerminatingSignals ?? false) {
            callerMask.restore()
        }
        var status: ExitStatus
        do {
            status = try dispatch(rest)
        } catch {
            status = report(error, prefix: "xds", statusFor: ExitStatus.standard(for:))
        }
        if status == .success, Console.standardErrorFailed != nil { status = .ioError }
        return status
    }

    /// Prints `error` and returns its status.
    static func report(_ error: CommandError, prefix: String, statusFor: (CommandError.Kind) -> ExitStatus)
        -> ExitStatus
    {
        if error.kind != .brokenPipe {
            Console.printError("\(prefix): error: \(error.message)")
            if let hint = error.hint { Console.printError("  " + hint) }
        }
        return statusFor(error.kind)
    }

    private static func dispatch(_ rest: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let first = rest.first?.text else {
            Console.printErrorText(overview)
            return .usage
        }
        func printOut(_ text: String) throws(CommandError) {
            do { try Console.printOut(text, terminator: text.hasSuffix("\n") ? "" : "\n") } catch {
                throw CommandError(error)
            }
        }
        switch first {
        case "-h", "--help":
            try printOut(overview)
            return .success
        case "--version":
            try printOut(version)
            return .success
        case "help":
            let topic = rest.count > 1 ? rest[1].text : nil
            if let topic, let command = commands.first(where: { $0.name == topic }) {
                try printOut(command.help)
                return .success
            }
            if topic == "adapter" {
                try printOut(AdapterProtocolHelp.text)
                return .success
            }
            try printOut(overview)
            return topic == nil ? .success : .usage
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                throw CommandError(
                    .usage, "unknown command '\(first)'", hint: "See 'xds --help' for the list of commands.")
            }
            do {
                return try command.run(Array(rest.dropFirst()))
            } catch {
                return report(error, prefix: "xds \(command.name)", statusFor: command.exitStatus(for:))
            }
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
            "", "EXIT STATUS (every subcommand; 'xds help <subcommand>' lists its own):",
            "  0   done, input accepted, run clean",
            "  1   input rejected, deviations, disagreements or error-level findings",
            "      found",
            "  2   conformance, differential: an adapter does not run; icon: refused",
            "  3   select-icon --profile legacy: the original code would raise; icon:",
            "      network or server",
            "  4   icon: the image cannot be decoded",
            "  64  usage error",
            "  70  internal error",
            "  74  a file unreadable or unwritable, standard output not written",
            "", "  See 'xds help <subcommand>' for detailed help, 'xds help adapter' for the", "  adapter protocol.",
        ]
        return lines.joined(separator: "\n")
    }
}
