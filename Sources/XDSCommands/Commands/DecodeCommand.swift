// Sources/XDSCommands/Commands/DecodeCommand.swift - `xds decode`: bplist00 bytes to tagged JSON

import BinaryPlist
import TaggedJSON

/// `xds decode`: Decodes bplist bytes to tagged JSON.
enum DecodeCommand: Command {
    static let name = "decode"
    static let abstract = "Decodes bplist bytes to tagged JSON"
    static let help = """
        OVERVIEW: Decodes bplist00 bytes to tagged JSON (DESIGN §3), strictly.

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
          on standard error: error: <category> at offset <n>: <message>
          Categories and rules: Docs/codec.md.

        EXIT STATUS:
          0   decoded
          1   rejected (not an acceptable bplist00)
          64  usage error
          74  the input file could not be read
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let parsed: Arguments
        switch parseOrExit(arguments, spec: ArgumentSpec(flags: ["--lenient"], positionals: 0...1)) {
        case .success(let arguments): parsed = arguments
        case .failure(let exit): return exit.status
        }
        let bytes: [UInt8]
        switch readInputOrExit(parsed.positionals.first) {
        case .success(let input): bytes = input
        case .failure(let exit): return exit.status
        }
        do {
            let value = try BPlistDecoder.decode(bytes, rules: parsed.has("--lenient") ? .lenient : .strict)
            var json = TaggedJSON.encode(value)
            json.append(0x0A)
            Console.writeOut(json)
            return .success
        } catch {
            Console.printError("error: \(error)")
            return .rejected
        }
    }
}
