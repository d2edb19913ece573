// Sources/XDSCommands/Command.swift - What every xds subcommand provides

/// One `xds` subcommand. Each lives in its own file under `Commands/`.
public protocol Command: Sendable {
    /// The subcommand's name on the command line, e.g. `decode`.
    static var name: String { get }
    /// One line for `xds help`.
    static var abstract: String { get }
    /// The full `--help` text (USAGE, ARGUMENTS, OPTIONS, EXIT STATUS), lines within 80 columns.
    static var help: String { get }
    /// Runs the command with the arguments that follow its name.
    static func run(_ arguments: [String]) -> ExitStatus
}

extension Command {
    /// Parses `arguments`, printing help (exit 0) or a usage error (exit 64) when that is the outcome.
    /// - Returns: the parsed arguments, or the status to exit with.
    static func parseOrExit(_ arguments: [String], spec: ArgumentSpec) -> Result<Arguments, ExitCode> {
        do {
            let parsed = try Arguments.parse(arguments, spec: spec)
            if parsed.wantsHelp {
                Console.printOut(help, terminator: help.hasSuffix("\n") ? "" : "\n")
                return .failure(ExitCode(status: .success))
            }
            return .success(parsed)
        } catch {
            Console.printError("Error: \(error.message)")
            Console.printError("  See 'xds \(name) --help' for more information.")
            return .failure(ExitCode(status: .usage))
        }
    }
}

extension Command {
    /// Reads the input file (standard input for nil or `-`), printing why it could not be read.
    /// - Returns: the bytes, or the I/O-error status (74) to exit with.
    static func readInputOrExit(_ path: String?, limit: Int = 256 << 20) -> Result<[UInt8], ExitCode> {
        do {
            return .success(try Console.readInput(path, limit: limit))
        } catch {
            Console.printError("error: \(error)")
            return .failure(ExitCode(status: .ioError))
        }
    }
}

/// An exit status carried as an error through `Result`.
public struct ExitCode: Error, Hashable, Sendable {
    public var status: ExitStatus
    public init(status: ExitStatus) { self.status = status }
}
