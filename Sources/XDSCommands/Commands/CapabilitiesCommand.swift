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
        """

    /// The calls `xds` answers as an adapter (DESIGN §5 names).
    static let calls = AdapterCall.allCases.map(\.rawValue)

    static func run(_ arguments: [String]) -> ExitStatus {
        switch parseOrExit(arguments, spec: ArgumentSpec()) {
        case .failure(let code): return code.status
        case .success:
            Console.printOut("[" + calls.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
            return .success
        }
    }
}
