// Sources/XDSCommands/Commands/AdapterLibplistCommand.swift - `xds adapter-libplist`: libplist 2.2 as an adapter

import BinaryPlist
import LibplistBridge
import TaggedJSON

/// `xds adapter-libplist <call>`: libplist's C API behind the adapter protocol, so that the runner calls it
/// in a helper process (libplist 2.2 crashes or explodes on some inputs).
enum AdapterLibplistCommand: Command {
    static let name = "adapter-libplist"
    static let abstract = "Adapter: libplist 2.2's C API (built-in peer)"
    static let help = """
        OVERVIEW: libplist 2.2 (C API, via LibplistBridge) behind the adapter protocol.

        USAGE: xds adapter-libplist decode|encode|capabilities|version

        The conformance runner starts this once per call; see 'xds help adapter'.

        EXIT STATUS:
          0   accepted
          1   rejected by libplist (plist_from_bin returned NULL, or the value
              cannot be given to libplist's API when encoding)
          64  usage error
          70  libplist accepted the input but returned a node the bridge cannot read
          74  standard input could not be read or standard output not written
        """

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: ArgumentSpec(positionals: 1...1)) else { return .success }
        switch parsed.positionals[0] {
        case "capabilities":
            try printOut(#"["decode", "encode"]"#)
        case "version":
            try printOut("libplist \(Libplist.version) (C API)")
        case "decode":
            let bytes = try readInput(nil)
            let value: PropertyListValue
            do {
                value = try Libplist.decode(bytes)
            } catch {
                throw CommandError(error.kind == .unsupportedNode ? .internalError : .rejected, "\(error)")
            }
            try writeOut(TaggedJSON.encode(value) + [0x0A])
        case "encode":
            let bytes = try readInput(nil)
            let value: PropertyListValue
            do {
                value = try TaggedJSON.decode(bytes)
            } catch {
                throw CommandError(.rejected, "input: \(error)")
            }
            let encoded: [UInt8]
            do {
                encoded = try Libplist.encode(value)
            } catch {
                throw CommandError(.rejected, "\(error)")
            }
            try writeOut(encoded)
        default:
            throw usage("unknown call '\(parsed.positionals[0])'")
        }
        return .success
    }
}
