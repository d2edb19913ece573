// Tests/AttributeFilesTests/ToolSupport.swift - Real outside tools: getfattr, setfattr, xds

import ChildProcess
import Foundation
import TestSupport

/// The attribute's outside tools: Debian's getfattr and setfattr, and the built `xds`.
enum Tool {
    /// Runs `executable` (absolute, or looked up in PATH) to completion.
    static func run(_ executable: String, _ arguments: [String]) throws -> CallResult {
        try HostTool.run(executable, arguments)
    }

    /// `xds <arguments>`, the built product.
    static func xds(_ arguments: String...) throws -> CallResult { try BuiltProducts.run("xds", arguments) }

    /// The built `xds`.
    static var xds: String { BuiltProducts.path(of: "xds") }

    /// The attribute's value as Debian's `getfattr -e hex` prints it, or nil when absent.
    static func getfattr(_ path: String, name: String = "user.x-document-source") throws -> [UInt8]? {
        let result = try run("getfattr", ["--absolute-names", "-e", "hex", "-n", name, path])
        guard result.status == 0 else { return nil }
        guard let line = result.stdoutText.split(separator: "\n").first(where: { $0.hasPrefix(name + "=0x") }) else {
            return line0(result.stdoutText)
        }
        return try Plistlib.hexBytes(String(line.dropFirst(name.count + 3)))
    }

    private static func line0(_ text: String) -> [UInt8]? { text.contains("=\"\"") ? [] : nil }

    /// Stores `value` with Debian's `setfattr`.
    static func setfattr(_ path: String, _ value: [UInt8], name: String = "user.x-document-source") throws {
        let hex = "0x" + value.map { String(format: "%02x", $0) }.joined()
        let result = try run("setfattr", ["-n", name, "-v", hex, path])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderrText]) }
    }
}
