// Sources/XDSCommands/Commands/CapabilitiesCommand.swift - `xds capabilities`: the adapter calls xds answers

import ConformanceModel

/// `xds capabilities`: adapter call, the JSON list of calls this implementation supports.
enum CapabilitiesCommand: Command {
    static let name = "capabilities"
    static let abstract = "Adapter call, the calls this implementation supports"
    static let help = """
        OVERVIEW: Adapter call: prints the JSON list of adapter calls xds supports.

        USAGE: xds capabilities

        See 'xds help adapter' for the adapter protocol.

        EXIT STATUS:
          0   printed
          64  usage error
          74  standard output could not be written
        """

    /// The calls `xds` answers as an adapter (Docs/conformance.md names).
    static let calls = AdapterCall.allCases.map(\.rawValue)

    static let spec = ArgumentSpec()

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard try parse(arguments, spec: spec) != nil else { return .success }
        try printOut("[" + calls.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        return .success
    }
}
