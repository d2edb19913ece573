// Sources/BuiltInPeers/BuiltInSelection.swift - The built-ins a run asked for, made, or said why not

import ChildProcess
import ConformanceModel
import ConformanceRunner

/// The built-in implementations of one run, as `xds conformance` and `xds differential` both make them.
public struct BuiltInSelection {
    /// The implementations made, in the order asked.
    public var implementations: [any Implementation] = []
    /// The optional peers that are not installed here, and why.
    public var notInstalled: [NotInstalledImplementation] = []
    /// A built-in other than an optional peer could not be made (its error was told).
    public var failed = false

    /// Makes each of `builtIns`. An optional peer that cannot be made is listed as not installed, with a note to
    /// the console, never a failure; any other built-in that cannot be made is told as an error.
    public static func make(
        _ builtIns: [BuiltIn], limits: ProcessLimits, referenceVersion: String, serve: Bool,
        console: some RunConsole
    ) -> BuiltInSelection {
        var selection = BuiltInSelection()
        let locations = BuiltInLocations.discover()
        for builtIn in builtIns {
            switch builtIn.make(locations, limits: limits, referenceVersion: referenceVersion, serve: serve) {
            case .success(let implementation): selection.implementations.append(implementation)
            case .failure(let error) where BuiltIn.peers.contains(builtIn):
                // Probe messages quote the peer's output as report text, escaped once already.
                console.escapedMessage("note: \(error.message)")
                selection.notInstalled.append(
                    NotInstalledImplementation(name: builtIn.rawValue, reason: error.message))
            case .failure(let error):
                console.escapedMessage("Error: built-in \(error.message)")
                selection.failed = true
            }
        }
        return selection
    }
}
