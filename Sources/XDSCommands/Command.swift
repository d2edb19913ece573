// Sources/XDSCommands/Command.swift - What every xds subcommand provides

import AttributeFiles

/// One `xds` subcommand. Each lives in its own file under `Commands/`.
public protocol Command: Sendable {
    /// The subcommand's name on the command line, e.g. `decode`.
    static var name: String { get }
    /// One line for `xds help`.
    static var abstract: String { get }
    /// The full `--help` text (USAGE, ARGUMENTS, OPTIONS, EXIT STATUS), lines within 80 columns.
    static var help: String { get }
    /// The options and arguments `run` parses: the one list, also of which options take paths.
    static var spec: ArgumentSpec { get }
    /// Runs the command with the arguments that follow its name.
    /// - Returns: the status of a completed run (success, or a verdict such as validate's findings).
    /// - Throws: `CommandError` for everything else; `XDS.main` prints it and exits with its status.
    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus
    /// The exit status for an error kind; the same in every command (Docs/guarantees.md).
    static func exitStatus(for kind: CommandError.Kind) -> ExitStatus
    /// Whether the command handles SIGINT, SIGTERM and SIGHUP itself (`ChildContainment.contain()` or
    /// `TerminationCleanup`): `XDS.main` then leaves them blocked, and the command must take them over early.
    static var handlesTerminatingSignals: Bool { get }
}

extension Command {
    public static func exitStatus(for kind: CommandError.Kind) -> ExitStatus { ExitStatus.standard(for: kind) }

    public static var handlesTerminatingSignals: Bool { false }

    /// A usage error with this command's help hint.
    static func usage(_ message: String) -> CommandError {
        CommandError(.usage, message, hint: "See 'xds \(name) --help' for more information.")
    }

    /// Parses `arguments`; `nil` when help was asked for and printed (then the command exits 0).
    static func parse(_ arguments: [CommandLineArgument], spec: ArgumentSpec) throws(CommandError) -> Arguments? {
        let parsed: Arguments
        do {
            parsed = try Arguments.parse(arguments, spec: spec)
        } catch {
            throw usage(error.message)
        }
        if parsed.wantsHelp {
            try printOut(help, terminator: help.hasSuffix("\n") ? "" : "\n")
            return nil
        }
        return parsed
    }

    /// Reads the input file (standard input for nil or `-`).
    static func readInput(_ path: BytePath?, limit: Int = 256 << 20) throws(CommandError) -> [UInt8] {
        do {
            return try Console.readInput(path, limit: limit)
        } catch {
            throw CommandError(error)
        }
    }

    /// `Console.writeOut`, its failure as a `CommandError`.
    static func writeOut(_ bytes: [UInt8]) throws(CommandError) {
        do { try Console.writeOut(bytes) } catch { throw CommandError(error) }
    }

    /// `Console.printOut` (the tool's own text or a machine-readable format, unescaped).
    static func printOut(_ text: String, terminator: String = "\n") throws(CommandError) {
        do { try Console.printOut(text, terminator: terminator) } catch { throw CommandError(error) }
    }

    /// `Console.printLine`: one human-readable line holding untrusted text, escaped.
    static func printLine(_ line: String) throws(CommandError) {
        do { try Console.printLine(line) } catch { throw CommandError(error) }
    }
}
