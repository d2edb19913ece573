// Tests/TestSupport/BuiltProducts.swift - Runs the built xds (and other products and host tools) as children

import ChildProcess
import Foundation

/// A product or tool that could not be started at all.
public struct ChildStartError: Error, CustomStringConvertible {
    public var command: String
    public var message: String
    public var description: String { "cannot start \(command): \(message)" }
}

/// Locates and runs built products: under XDS_RELEASE_BIN when set (`make test` sets it to the release build),
/// else the debug build of this package.
public enum BuiltProducts {
    /// The package root (three levels above this file).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The release build directory, when the environment names one.
    public static let releaseDirectory = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"]

    /// The path of `product`: the release build when XDS_RELEASE_BIN is set, else `.build/debug`.
    public static func path(of product: String) -> String {
        if let releaseDirectory { return releaseDirectory + "/" + product }
        return packageRoot.path + "/.build/debug/" + product
    }

    /// Runs `product` with `arguments`, `input` on stdin; both output streams are drained while it runs.
    /// - Throws: `ChildStartError` when the product cannot be started (not built).
    public static func run(
        _ product: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
    ) throws(ChildStartError) -> CallResult {
        try HostTool.run(path(of: product), arguments, input: input, environment: environment)
    }
}

/// Runs tools of the machine (python3, getfattr, sha256sum…) the same way.
public enum HostTool {
    /// Generous: tests are bounded by what they run, and a hung child must not hang the suite forever.
    public static let limits = ProcessLimits.tool(timeout: 300)

    /// Runs `executable` (absolute, or looked up in PATH) with `arguments`, feeding `input`.
    /// - Throws: `ChildStartError` when it cannot be started.
    public static func run(
        _ executable: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
    ) throws(ChildStartError) -> CallResult {
        let result = ProcessRunner.run([executable] + arguments, input: input, limits: limits, environment: environment)
        if case .failedToStart(let message) = result.termination {
            throw ChildStartError(command: executable, message: message)
        }
        return result
    }
}

extension CallResult {
    /// The exit status; 128 + the signal when a signal ended the child; -1 after a timeout.
    public var status: Int32 {
        switch termination {
        case .exited(let status): return status
        case .signaled(let signal): return 128 + signal
        case .timedOut, .failedToStart, .protocolError: return -1
        }
    }

    /// Standard output as UTF-8 text.
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
