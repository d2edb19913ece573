// Tests/TestSupport/Plistlib.swift - Property lists written and read by the real CPython plistlib

import ChildProcess
import Foundation

/// What a python3 script failed with.
public struct PlistlibFailure: Error, CustomStringConvertible {
    public var status: Int32
    public var stderr: String
    public var description: String { "python3 exited with \(status): \(stderr)" }
}

/// CPython's `plistlib` through `python3 -c`, so fixtures are not our own output.
public enum Plistlib {
    /// Runs a python3 script with `arguments`; its standard output on success.
    /// - Throws: `PlistlibFailure` when python3 does not exit 0.
    public static func python(_ script: String, _ arguments: [String] = [], input: [UInt8] = []) throws -> [UInt8] {
        let result = try HostTool.run("python3", ["-c", script] + arguments, input: input)
        guard result.status == 0 else { throw PlistlibFailure(status: result.status, stderr: result.stderrText) }
        return result.stdout
    }

    /// The bytes of `plistlib.dumps(<expression>, fmt=plistlib.<format>)`.
    public static func dumps(_ expression: String, format: String = "FMT_BINARY") throws -> [UInt8] {
        let script =
            "import plistlib, sys; sys.stdout.write(plistlib.dumps(\(expression), fmt=plistlib.\(format)).hex())"
        return try hexBytes(String(decoding: try python(script), as: UTF8.self))
    }

    /// `plistlib.loads(bytes)` as JSON, decoded by Foundation (string values only).
    public static func loads(_ bytes: [UInt8]) throws -> [String: String] {
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let script = "import plistlib, sys, json; print(json.dumps(plistlib.loads(bytes.fromhex(sys.argv[1]))))"
        return try JSONDecoder().decode([String: String].self, from: Data(try python(script, [hex])))
    }

    /// Hex digits (surrounding whitespace ignored) as bytes.
    public static func hexBytes(_ hex: String) throws -> [UInt8] {
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
