// Sources/BuiltInPeers/BuiltInDiscovery.swift - Where the built-ins' programs and lists are, found from the running xds

import ChildProcess
import ConformanceRunner
import Foundation

extension BuiltInLocations {
    /// The locations relative to the running `xds`: the Foundation adapter next to it, the Python that
    /// `python3` names, the plistlib script among the resources shipped next to it.
    public static func discover() -> BuiltInLocations {
        let directory = executableDirectory()
        let script = resourceDirectory().map { $0 + "/plistlib/xds_adapter_plistlib.py" } ?? "xds_adapter_plistlib.py"
        let python = ProcessRunner.run(
            ["python3", "-c", "import sys; print(sys.executable)"], input: [], limits: ProcessLimits(timeout: 10))
        let pythonPath = String(decoding: python.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let starts = [FileManager.default.currentDirectoryPath, directory]
        return BuiltInLocations(
            xds: executablePath(), foundationAdapter: directory + "/xds-adapter-foundation",
            python: python.verdict == .accepted && !pythonPath.isEmpty ? pythonPath : "python3",
            plistlibAdapter: script,
            // The optional peers' adapters and builds exist only in a checkout (`make peers`).
            adapters: findUpward("Sources/Adapters", from: starts) ?? "Sources/Adapters",
            peers: findUpward(".build/peers", from: starts) ?? ".build/peers")
    }

    /// The icon-loading area's fixture server shipped with this `xds`, when present.
    public static func iconFixtureServer() -> String? {
        let script = resourceDirectory().map { $0 + "/IconFixtureServer/icon_fixture_server.py" }
        return script.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    }

    /// The built-ins' known-failure lists shipped with this `xds`, when present.
    public static func knownFailuresDirectory() -> String? { resourceDirectory().map { $0 + "/KnownFailures" } }

    /// The resources of this module as SwiftPM lays them out: a directory beside the executable, copied with it
    /// by `make install`. (Looked up by hand: `Bundle.module` stops the process when the directory is missing.)
    public static func resourceDirectory() -> String? {
        let path = executableDirectory() + "/" + resourceBundleName
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? path : nil
    }

    /// SwiftPM's name for this target's resources: `<package>_<target>.resources`.
    static let resourceBundleName = "x-document-source_BuiltInPeers.resources"

    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func executableDirectory() -> String { (executablePath() as NSString).deletingLastPathComponent }

    /// `relative` under one of `starts`, or one of their parents.
    static func findUpward(_ relative: String, from starts: [String]) -> String? {
        for start in starts {
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
