// Sources/XDSCommands/Commands/CapabilitiesCommand.swift - `xds capabilities`: the adapter calls xds answers

import ConformanceModel

/// `xds capabilities`: adapter call, the JSON list of calls this implementation supports.
enum CapabilitiesCommand: Command {
    static let name = AdapterQuery.capabilities.rawValue
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

    static let spec = ArgumentSpec()

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard try parse(arguments, spec: spec) != nil else { return .success }
        try printOut(AdapterCapabilities.render(AdapterCall.allCases, serves: false))
        return .success
    }
}
