// Sources/IconFixture/FixtureServer.swift - Starts and stops the icon fixture HTTPS server

import Foundation

/// Why the fixture server did not start.
public struct FixtureServerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var detail: String
    public var description: String { "icon fixture server: \(detail)" }
}

/// One request the fixture server received (a line of its request log).
public struct FixtureRequest: Hashable, Sendable, Codable {
    public var scheme: String
    public var method: String
    public var path: String
    public var ifNoneMatch: String?
    public var ifModifiedSince: String?

    enum CodingKeys: String, CodingKey {
        case scheme, method, path
        case ifNoneMatch = "if_none_match"
        case ifModifiedSince = "if_modified_since"
    }
}

/// The fixture server (`Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py`): https and http
/// listeners on 127.0.0.1, a CA generated for the run, a request log. Stopped by ``stop()``
/// (closing its standard input), or when this process exits.
public final class FixtureServer: @unchecked Sendable {
    /// `https://127.0.0.1:PORT`
    public let httpsOrigin: String
    /// `http://127.0.0.1:PORT` (a second listener: catches clients that follow http redirects).
    public let httpOrigin: String
    /// The PEM of the run's CA: the only trust anchor the server's certificate chains to.
    public let caFile: String
    public let logFile: String
    private let process: Process
    private let input: Pipe

    /// Starts the server on `routes` (a JSON file, see the script's documentation), keeping its
    /// certificates and log in `workDirectory`.
    public init(script: String, routes: String, workDirectory: String) throws(FixtureServerError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--routes", routes, "--workdir", workDirectory]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw FixtureServerError(detail: "cannot start python3 \(script): \(error)")
        }
        // The first line on standard output says where it listens (or nothing, when it failed).
        var line: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { break }
            if first == 0x0A { break }
            line.append(first)
        }
        struct Ready: Decodable {
            var https: String
            var http: String
            var ca: String
            var log: String
        }
        guard let ready = try? JSONDecoder().decode(Ready.self, from: Data(line)) else {
            process.terminate()
            process.waitUntilExit()
            throw FixtureServerError(detail: "did not start (no ready line); is openssl installed?")
        }
        self.process = process
        self.input = input
        httpsOrigin = ready.https
        httpOrigin = ready.http
        caFile = ready.ca
        logFile = ready.log
    }

    /// The server's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Every request so far, in order.
    public func requests() -> [FixtureRequest] {
        guard let data = FileManager.default.contents(atPath: logFile) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONDecoder().decode(FixtureRequest.self, from: Data($0.utf8))
        }
    }

    /// Empties the request log.
    public func clearLog() {
        _ = FileManager.default.createFile(atPath: logFile, contents: Data())
    }

    /// Stops the server and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
