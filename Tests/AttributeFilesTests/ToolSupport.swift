// Tests/AttributeFilesTests/ToolSupport.swift - Real outside tools: getfattr, setfattr, python3, xds

import Foundation

/// The outcome of a child process.
struct ToolResult {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

enum Tool {
    /// Runs `executable` (absolute, or looked up in the usual bin directories) to completion.
    static func run(_ executable: String, _ arguments: [String]) throws -> ToolResult {
        let path =
            executable.hasPrefix("/")
            ? executable
            : ["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map { $0 + "/" + executable }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            } ?? executable
        let process = Process()
        let output = Pipe()
        let errorFile = NSTemporaryDirectory() + "xds-test-stderr-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let stderr = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        return ToolResult(status: process.terminationStatus, stdout: Array(data), stderr: stderr)
    }

    /// The built `xds` (debug build of this package, or `XDS_RELEASE_BIN/xds`).
    static var xds: String {
        let debug = FileManager.default.currentDirectoryPath + "/.build/debug/xds"
        if FileManager.default.isExecutableFile(atPath: debug) { return debug }
        return (ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"] ?? ".build/release") + "/xds"
    }

    /// `xds <arguments>`.
    static func xds(_ arguments: String...) throws -> ToolResult { try run(xds, arguments) }

    /// The attribute's value as Debian's `getfattr -e hex` prints it, or nil when absent.
    static func getfattr(_ path: String, name: String = "user.x-document-source") throws -> [UInt8]? {
        let result = try run("getfattr", ["--absolute-names", "-e", "hex", "-n", name, path])
        guard result.status == 0 else { return nil }
        guard let line = result.text.split(separator: "\n").first(where: { $0.hasPrefix(name + "=0x") }) else {
            return line0(result.text)
        }
        return try hexBytes(String(line.dropFirst(name.count + 3)))
    }

    private static func line0(_ text: String) -> [UInt8]? { text.contains("=\"\"") ? [] : nil }

    /// Stores `value` with Debian's `setfattr`.
    static func setfattr(_ path: String, _ value: [UInt8], name: String = "user.x-document-source") throws {
        let hex = "0x" + value.map { String(format: "%02x", $0) }.joined()
        let result = try run("setfattr", ["-n", name, "-v", hex, path])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr]) }
    }

    /// `plistlib.dumps(<expression>)` in binary format, by CPython.
    static func plistlibDumps(_ expression: String) throws -> [UInt8] {
        let script =
            "import plistlib, sys; sys.stdout.write(plistlib.dumps(\(expression), fmt=plistlib.FMT_BINARY).hex())"
        return try hexBytes(try run("python3", ["-c", script]).text)
    }

    /// `plistlib.loads(bytes)` as JSON, decoded by Foundation (strings only in our fixtures).
    static func plistlibLoads(_ bytes: [UInt8]) throws -> [String: String] {
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let script = "import plistlib, sys, json; print(json.dumps(plistlib.loads(bytes.fromhex(sys.argv[1]))))"
        let result = try run("python3", ["-c", script, hex])
        guard result.status == 0 else { throw CocoaError(.coderReadCorrupt, userInfo: ["stderr": result.stderr]) }
        return try JSONDecoder().decode([String: String].self, from: Data(result.stdout))
    }

    static func hexBytes(_ hex: String) throws -> [UInt8] {
        let digits = Array(hex.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard digits.count % 2 == 0 else { throw CocoaError(.coderInvalidValue) }
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                throw CocoaError(.coderInvalidValue)
            }
            return byte
        }
    }
}
