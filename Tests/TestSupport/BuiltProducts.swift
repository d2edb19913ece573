// Tests/XDSEndToEndTests/ToolRunner.swift - Runs the built xds binary and captures everything

import Foundation

/// The result of one run of a built executable.
struct ToolRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: [UInt8]
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Locates built products: the release folder named by XDS_RELEASE_BIN (set by `make test`),
/// else the debug build next to this package.
enum BuiltProducts {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func url(of product: String) -> URL {
        if let release = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"] {
            return URL(fileURLWithPath: release).appendingPathComponent(product)
        }
        return packageRoot.appendingPathComponent(".build/debug/\(product)")
    }

    /// Runs `product` with `arguments`, feeding `input` on stdin; stdout and stderr are read while it runs.
    static func run(_ product: String, _ arguments: [String], input: [UInt8] = []) throws -> ToolRun {
        let process = Process()
        process.executableURL = url(of: product)
        process.arguments = arguments
        let inPipe = Pipe()
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        DispatchQueue.global().async(group: group) { out = outPipe.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = errPipe.fileHandleForReading.readDataToEndOfFile() }
        try inPipe.fileHandleForWriting.write(contentsOf: Data(input))
        try inPipe.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, stdout: Array(out), stderr: Array(err))
    }
}
