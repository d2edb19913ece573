// Sources/XDSCommands/Commands/EncodeCommand.swift - `xds encode`: tagged JSON to canonical bplist00

import BinaryPlist
import TaggedJSON

/// `xds encode`: Encodes tagged JSON as canonical bplist00.
enum EncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Encodes tagged JSON as canonical bplist00"
    static let help = """
        OVERVIEW: Encodes tagged JSON (Docs/tagged-json.md) as canonical bplist00, the
        layout CPython plistlib writes (keys sorted, equal scalars shared,
        minimal widths).

        USAGE: xds encode [<file>]

        ARGUMENTS:
          <file>      The tagged JSON file; '-' or nothing reads standard input.

        OPTIONS:
          -h, --help  Show this help.

        OUTPUT:
          The bplist bytes on standard output. On rejection, one line on
          standard error: xds encode: error: <JSON path>: <message>

        EXIT STATUS:
          0   encoded
          1   rejected (not tagged JSON, or a value bplist cannot hold)
          64  usage error
          74  the input file could not be read, or standard output not written
        """

    static let spec = ArgumentSpec(positionals: 0...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let bytes = try readInput(parsed.positionalArguments.first?.path)
        let value: PropertyListValue
        do {
            value = try TaggedJSON.decode(bytes)
        } catch {
            throw CommandError(.rejected, "\(error)")
        }
        try writeOut(BPlistEncoder.encode(value))
        return .success
    }
}
