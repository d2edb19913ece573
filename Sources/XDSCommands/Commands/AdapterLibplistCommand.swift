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
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let parsed: Arguments
        switch parseOrExit(arguments, spec: ArgumentSpec(positionals: 1...1)) {
        case .success(let value): parsed = value
        case .failure(let code): return code.status
        }
        switch parsed.positionals[0] {
        case "capabilities":
            Console.printOut(#"["decode", "encode"]"#)
            return .success
        case "version":
            Console.printOut("libplist \(Libplist.version) (C API)")
            return .success
        case "decode": return decode()
        case "encode": return encode()
        default:
            Console.printError("Error: unknown call '\(parsed.positionals[0])'")
            return .usage
        }
    }

    private static func decode() -> ExitStatus {
        let bytes: [UInt8]
        switch readInputOrExit(nil) {
        case .success(let input): bytes = input
        case .failure(let exit): return exit.status
        }
        do {
            Console.writeOut(TaggedJSON.encode(try Libplist.decode(bytes)) + [0x0A])
            return .success
        } catch {
            Console.printError("error: \(error)")
            return error.kind == .unsupportedNode ? .internalError : .rejected
        }
    }

    private static func encode() -> ExitStatus {
        let bytes: [UInt8]
        switch readInputOrExit(nil) {
        case .success(let input): bytes = input
        case .failure(let exit): return exit.status
        }
        let value: PropertyListValue
        do {
            value = try TaggedJSON.decode(bytes)
        } catch {
            Console.printError("error: input: \(error)")
            return .rejected
        }
        do {
            Console.writeOut(try Libplist.encode(value))
            return .success
        } catch {
            Console.printError("error: \(error)")
            return .rejected
        }
    }
}
