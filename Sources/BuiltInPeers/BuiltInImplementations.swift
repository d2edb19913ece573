// Sources/BuiltInPeers/BuiltInImplementations.swift - The built-in peers: names, titles, how each is started

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation

/// Where the built-in peers' programs are.
public struct BuiltInLocations: Hashable, Sendable {
    /// The running `xds` executable (libplist runs as `xds adapter-libplist`).
    public var xds: String
    /// `xds-adapter-foundation`, normally next to `xds`.
    public var foundationAdapter: String
    /// The Python interpreter (resolved once: pyenv shims cost a process per call).
    public var python: String
    /// `xds_adapter_plistlib.py`, shipped among the resources beside `xds`.
    public var plistlibAdapter: String
    /// `Sources/Adapters`, where the optional peers' adapter scripts are.
    public var adapters: String
    /// `.build/peers`, where `make peers` puts the optional peers' builds and Python environment.
    public var peers: String

    public init(
        xds: String, foundationAdapter: String, python: String, plistlibAdapter: String,
        adapters: String = "Sources/Adapters", peers: String = ".build/peers"
    ) {
        self.xds = xds
        self.foundationAdapter = foundationAdapter
        self.python = python
        self.plistlibAdapter = plistlibAdapter
        self.adapters = adapters
        self.peers = peers
    }
}

/// The built-in implementations: the core ones every `make conformance` runs, and the optional peers
/// (`make peers` installs them, `make matrix` runs them too; see BuiltInPeerAdapters.swift).
public enum BuiltIn: String, CaseIterable, Hashable, Sendable {
    case reference
    case libplist
    case foundationSerialization = "foundation-serialization"
    case foundationDecoder = "foundation-decoder"
    case plistlib
    case original
    case rustPlist = "rust-plist"
    case ddPlist = "dd-plist"
    case cfpropertylist
    case biplist
    case bpylist2
    case bplist
    case binplist
    case gnustep

    /// What `--impl all` and `make conformance` run: nothing to install beyond the project's dependencies.
    public static let core: [BuiltIn] = [
        .reference, .libplist, .foundationSerialization, .foundationDecoder, .plistlib, .original,
    ]
    /// What `--impl peers` adds: other bplist libraries, installed by `make peers`.
    public static let peers: [BuiltIn] = allCases.filter { !core.contains($0) }

    /// The report column title.
    public var title: String {
        switch self {
        case .reference: return "Reference (xds, in process)"
        case .libplist: return "libplist 2.2 (C API)"
        case .foundationSerialization: return "Foundation PropertyListSerialization"
        case .foundationDecoder: return "Foundation PropertyListDecoder"
        case .plistlib: return "CPython plistlib"
        case .original: return "Original Objective-C behaviour (legacy icons; attribute via CoreFoundation)"
        default: return peerTitle
        }
    }

    /// Swift helpers run with fixed hash seeding (see above) and without the runtime's crash backtracer,
    /// which spends seconds symbolicating a stack overflow the verdict does not need.
    static let swiftEnvironment = ["/usr/bin/env", "SWIFT_DETERMINISTIC_HASHING=1", "SWIFT_BACKTRACE=enable=no"]

    /// Python adapters run with a fixed string-hash seed, for the same reason: biplist returns a bplist set as a
    /// Python set, whose order, and so the printed value and its verdict, changed from process to process with
    /// the seed (per call, from run to run; served, between the modes).
    static let pythonEnvironment = ["/usr/bin/env", "PYTHONHASHSEED=0"]

    /// The command for peers run as adapters; nil for in-process ones.
    public func command(_ locations: BuiltInLocations) -> [String]? {
        switch self {
        case .reference: return nil
        case .libplist: return BuiltIn.swiftEnvironment + [locations.xds, "adapter-libplist"]
        // Both Foundation writers order keys by Dictionary hashing, which is seeded per process: fixed
        // seeding makes their bytes (judged for `canonical` vectors) the same from run to run.
        case .foundationSerialization:
            return BuiltIn.swiftEnvironment + [locations.foundationAdapter, "serialization"]
        case .foundationDecoder:
            return BuiltIn.swiftEnvironment + [locations.foundationAdapter, "decoder"]
        // -S: no site-packages, plistlib is in the standard library; halves the start-up time per call.
        case .plistlib: return BuiltIn.pythonEnvironment + [locations.python, "-S", locations.plistlibAdapter]
        case .original: return nil
        default: return peerCommand(locations)
        }
    }
}

extension BuiltIn {
    /// Builds the implementation, asking an adapter for its capabilities and version.
    /// - Parameter serve: call the adapter through `CMD serve` when it declares `serve`; false keeps one process
    ///   per call, the reference meaning.
    /// - Returns: the implementation, or why it cannot run here.
    public func make(
        _ locations: BuiltInLocations, limits: ProcessLimits, referenceVersion: String, serve: Bool = false
    )
        -> Result<any Implementation, ProbeError>
    {
        if self == .original {
            return makeOriginal(locations, limits: limits, referenceVersion: referenceVersion, serve: serve)
        }
        guard let command = command(locations) else {
            return .success(ReferenceImplementation(version: referenceVersion, callTimeout: limits.timeout))
        }
        if let missing = missingProgram(command, locations) {
            return .failure(ProbeError(message: "\(rawValue): not installed (\(missing) is missing; run `make peers`)"))
        }
        switch ProcessImplementation.probe(command, limits: limits) {
        case .failure(let error):
            let hint = BuiltIn.peers.contains(self) ? " (run `make peers`)" : ""
            return .failure(ProbeError(message: "\(rawValue): \(error.message)\(hint)"))
        case .success(let answer):
            var info = ImplementationInfo(
                name: rawValue, title: title,
                version: ProcessImplementation.probeVersion(command, limits: limits) ?? "unknown", kind: "built-in",
                command: displayCommand(command, locations), capabilities: answer.calls)
            info.note = note
            return .success(
                ProcessImplementation(info: info, command: command, limits: limits, serve: serve && answer.serves))
        }
    }

    /// The original's icon selection in process, its attribute calls through `xds-adapter-foundation original`.
    private func makeOriginal(
        _ locations: BuiltInLocations, limits: ProcessLimits, referenceVersion: String, serve: Bool
    ) -> Result<any Implementation, ProbeError> {
        let command = BuiltIn.swiftEnvironment + [locations.foundationAdapter, "original"]
        switch ProcessImplementation.probe(command, limits: limits) {
        case .failure(let error):
            return .failure(ProbeError(message: "\(rawValue): \(error.message)"))
        case .success(let answer):
            let info = ImplementationInfo(
                name: rawValue, title: title,
                version: ProcessImplementation.probeVersion(command, limits: limits) ?? "unknown", kind: "built-in",
                command: command.joined(separator: " "), capabilities: answer.calls)
            let adapter = ProcessImplementation(
                info: info, command: command, limits: limits, serve: serve && answer.serves)
            return .success(
                OriginalBehaviour(version: referenceVersion, attributeAdapter: adapter, callTimeout: limits.timeout))
        }
    }
}
