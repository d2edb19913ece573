// Sources/XDSCommands/Commands/EncodeCommand.swift - `xds encode`: tagged JSON to canonical bplist00

import BinaryPlist
import TaggedJSON

/// `xds encode`: Encodes tagged JSON as canonical bplist00.
enum EncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Encodes tagged JSON as canonical bplist00"
    static let help = """
        OVERVIEW: Encodes tagged JSON (DESIGN §3) as canonical bplist00, the
        layout CPython plistlib writes (keys sorted, equal scalars shared,
        minimal widths).

        USAGE: xds encode [<file>]

        ARGUMENTS:
          <file>      The tagged JSON file; '-' or nothing reads standard input.

        OPTIONS:
          -h, --help  Show this help.

        OUTPUT:
          The bplist bytes on standard output. On rejection, one line on
          standard error: error: <JSON path>: <message>

        EXIT STATUS:
          0   encoded
          1   rejected (not tagged JSON, or a value bplist cannot hold)
          64  usage error
          74  the input file could not be read
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let parsed: Arguments
        switch parseOrExit(arguments, spec: ArgumentSpec(positionals: 0...1)) {
        case .success(let arguments): parsed = arguments
        case .failure(let exit): return exit.status
        }
        let bytes: [UInt8]
        switch readInputOrExit(parsed.positionals.first) {
        case .success(let input): bytes = input
        case .failure(let exit): return exit.status
        }
        do {
            Console.writeOut(BPlistEncoder.encode(try TaggedJSON.decode(bytes)))
            return .success
        } catch {
            Console.printError("error: \(error)")
            return .rejected
        }
    }
}
