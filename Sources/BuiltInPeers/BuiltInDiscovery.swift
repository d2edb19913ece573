// Sources/BuiltInPeers/BuiltInDiscovery.swift - Where the built-ins' programs and lists are, found from the running xds

import ConformanceRunner
import Foundation

extension BuiltInLocations {
    /// The locations relative to the running `xds` and the working directory: the Foundation adapter next to
    /// `xds`, the Python that `python3` names, the plistlib script in a checkout.
    public static func discover() -> BuiltInLocations {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let directory = (executable as NSString).deletingLastPathComponent
        let script = "Sources/Adapters/plistlib/xds_adapter_plistlib.py"
        let python = ProcessRunner.run(
            ["python3", "-c", "import sys; print(sys.executable)"], input: [], limits: ProcessLimits(timeout: 10))
        let pythonPath = String(decoding: python.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let starts = [FileManager.default.currentDirectoryPath, directory]
        return BuiltInLocations(
            xds: executable, foundationAdapter: directory + "/xds-adapter-foundation",
            python: python.verdict == .accepted && !pythonPath.isEmpty ? pythonPath : "python3",
            plistlibAdapter: findUpward(script, from: starts) ?? script,
            adapters: findUpward("Sources/Adapters", from: starts) ?? "Sources/Adapters",
            peers: findUpward(".build/peers", from: starts) ?? ".build/peers")
    }

    /// The committed known-failure lists of the built-ins, when a checkout is found.
    public static func knownFailuresDirectory() -> String? { findUpward("Sources/BuiltInPeers/KnownFailures") }

    /// `relative` under the working directory or the executable's directory, or one of their parents.
    static func findUpward(_ relative: String, from starts: [String]? = nil) -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        for start in starts ?? [
            FileManager.default.currentDirectoryPath, (executable as NSString).deletingLastPathComponent,
        ] {
            var directory = start
            while !directory.isEmpty {
                let candidate = directory + "/" + relative
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                let parent = (directory as NSString).deletingLastPathComponent
                if parent == directory { break }
                directory = parent
            }
        }
        return nil
    }
}
