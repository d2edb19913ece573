// Sources/IconLoadingArea/FixtureServer.swift - Starts and stops the icon fixture HTTPS server

import ChildProcess
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
/// listeners on 127.0.0.1, a CA generated for the run, a request log. Stopped by ``stop()`` (closing its
/// standard input, then signals), or when this process exits.
///
/// It runs as a `BackgroundChild`: spawned as adapter calls are, and registered with `ChildContainment`, so
/// that `xds conformance`, which kills every other child of its own after each adapter call (escapees of
/// `setsid`), keeps the server for the whole run, and a terminating signal still takes it down.
public final class FixtureServer: @unchecked Sendable {
    /// `https://127.0.0.1:PORT`
    public let httpsOrigin: String
    /// `http://127.0.0.1:PORT` (a second listener: catches clients that follow http redirects).
    public let httpOrigin: String
    /// The PEM of the run's CA: the only trust anchor the server's certificate chains to.
    public let caFile: String
    public let logFile: String
    private let child: BackgroundChild

    /// Starts the server on `routes` (a JSON file, see the script's documentation), keeping its
    /// certificates and log in `workDirectory`.
    public init(script: String, routes: String, workDirectory: String) throws(FixtureServerError) {
        let child: BackgroundChild
        do {
            child = try BackgroundChild(
                ["/usr/bin/env", "python3", script, "--routes", routes, "--workdir", workDirectory])
        } catch {
            throw FixtureServerError(detail: "cannot start python3 \(script): \(error)")
        }
        // The first line on standard output says where it listens (nothing, when it failed); making the CA
        // and the certificate takes openssl a moment on a busy machine.
        struct Ready: Decodable {
            var https: String
            var http: String
            var ca: String
            var log: String
        }
        guard let line = child.readLine(timeout: 60),
            let ready = try? JSONDecoder().decode(Ready.self, from: Data(line))
        else {
            child.stop(grace: 0)
            throw FixtureServerError(detail: "did not start (no ready line); is openssl installed?")
        }
        self.child = child
        httpsOrigin = ready.https
        httpOrigin = ready.http
        caFile = ready.ca
        logFile = ready.log
    }

    /// The server's process id.
    public var processIdentifier: Int32 { child.pid }

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
    public func stop() { child.stop() }

    deinit { stop() }
}
