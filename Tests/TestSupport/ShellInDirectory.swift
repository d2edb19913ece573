// Tests/TestSupport/ShellInDirectory.swift - Runs a shell command line as a user would: in a directory, xds on PATH

import ChildProcess
import Foundation

/// Runs `/bin/sh -c LINE` in a directory, with the built `xds` first on `PATH`, as a person types a documented
/// command: relative paths name files of that directory, `xds` is found by name.
public enum ShellInDirectory {
    /// The directory holding the built `xds` (the release build under XDS_RELEASE_BIN).
    public static var binDirectory: String { (BuiltProducts.path(of: "xds") as NSString).deletingLastPathComponent }

    /// Runs `line` in `directory`; `environment` is added to this process's.
    public static func run(_ line: String, in directory: String, environment: [String: String] = [:])
        throws(ChildStartError) -> CallResult
    {
        var variables = environment
        variables["PATH"] = binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        variables["XDS_TEST_DIRECTORY"] = directory
        return try HostTool.run(
            "/bin/sh", ["-c", "cd \"$XDS_TEST_DIRECTORY\" || exit 99\n" + line], environment: variables)
    }

    /// A fresh empty directory under the temporary directory; the caller removes it.
    public static func makeDirectory(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
