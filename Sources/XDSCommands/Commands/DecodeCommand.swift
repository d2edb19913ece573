// Sources/XDSCommands/Commands/DecodeCommand.swift - `xds decode`: bplist00 bytes to tagged JSON

import BinaryPlist
import TaggedJSON

/// `xds decode`: Decodes bplist bytes to tagged JSON.
enum DecodeCommand: Command {
    static let name = "decode"
    static let abstract = "Decodes bplist bytes to tagged JSON"
    static let help = """
        OVERVIEW: Decodes bplist00 bytes to tagged JSON (Docs/tagged-json.md), strictly.

        USAGE: xds decode [<file>] [--lenient]

        ARGUMENTS:
          <file>      The bplist file; '-' or nothing reads standard input.

        OPTIONS:
          --lenient   Accept any bplist0<digit> header, keep the first of
                      duplicated dictionary keys and read 16-byte integers as
                      CoreFoundation does (low 64 bits).
          -h, --help  Show this help.

        OUTPUT:
          Tagged JSON and a newline on standard output. On rejection, one line
          on standard error: xds decode: error: <category> at offset <n>: <message>
          Categories and rules: Docs/codec.md.

        EXIT STATUS:
          0   decoded
          1   rejected (not an acceptable bplist00)
          64  usage error
          74  the input file could not be read, or standard output not written
        """

    static let spec = ArgumentSpec(flags: ["--lenient"], positionals: 0...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else {
            return .success
        }
        let bytes = try readInput(parsed.positionalArguments.first?.path)
        let value: PropertyListValue
        do {
            value = try BPlistDecoder.decode(bytes, rules: parsed.has("--lenient") ? .lenient : .strict)
        } catch {
            throw CommandError(.rejected, "\(error)")
        }
        try writeOut(TaggedJSON.encode(value) + [0x0A])
        return .success
    }
}
