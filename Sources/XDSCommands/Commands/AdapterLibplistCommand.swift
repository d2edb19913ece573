// Sources/XDSCommands/Commands/AdapterLibplistCommand.swift - `xds adapter-libplist`: libplist 2.2 as an adapter

import BinaryPlist
import ChildProcess
import ConformanceModel
import LibplistBridge
import TaggedJSON

/// `xds adapter-libplist <call>`: libplist's C API behind the adapter protocol, so that the runner calls it
/// in a helper process (libplist 2.2 crashes or explodes on some inputs).
enum AdapterLibplistCommand: Command {
    static let name = "adapter-libplist"
    static let abstract = "Adapter: libplist 2.2's C API (built-in peer)"
    static let help = """
        OVERVIEW: libplist 2.2 (C API, via LibplistBridge) behind the adapter protocol.

        USAGE: xds adapter-libplist decode|encode|capabilities|version|serve

        The conformance runner starts this once per call, or once as 'serve' and
        sends it framed calls (the persistent mode); see 'xds help adapter'.

        EXIT STATUS:
          0   accepted (the value as tagged JSON; {"type":"too-large","value":"N"} above
              1,000,000 nodes; {"type":"unrepresentable","value":"…"} for a node
              tagged JSON cannot carry)
          1   rejected by libplist (plist_from_bin returned NULL, or the value
              cannot be given to libplist's API when encoding)
          64  usage error
          74  standard input could not be read or standard output not written
        """

    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        switch parsed.positionals[0] {
        case AdapterQuery.capabilities.rawValue:
            try printOut(AdapterCapabilities.render([.decode, .encode], serves: true))
        case AdapterQuery.serve.rawValue:
            // Each framed call runs exactly as `xds adapter-libplist <call>` would, in this process.
            return ExitStatus(rawValue: ServeLoop.run { words in XDS.main(["xds", name] + words).rawValue })
        case AdapterQuery.version.rawValue:
            try printOut("libplist \(Libplist.version) (C API)")
        case AdapterCall.decode.rawValue:
            let bytes = try readInput(nil)
            let value: PropertyListValue
            do {
                value = try Libplist.decode(bytes)
            } catch  where error.kind == .unsupportedNode {
                // libplist accepted the input and returned a node with no tagged-JSON form: an acceptance.
                try writeOut(TaggedJSON.unrepresentable(reason: "\(error)") + [0x0A])
                return .success
            } catch {
                throw CommandError(.rejected, "\(error)")
            }
            let nodes = TaggedJSON.nodeCount(of: value)
            guard nodes <= TaggedJSON.printedNodeLimit else {
                try writeOut(TaggedJSON.tooLarge(nodes: nodes) + [0x0A])
                return .success
            }
            try writeOut(TaggedJSON.encode(value) + [0x0A])
        case AdapterCall.encode.rawValue:
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
