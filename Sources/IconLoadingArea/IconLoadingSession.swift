// Sources/IconLoadingArea/IconLoadingSession.swift - Serves the vectors, runs load-icon per case, judges

import ConformanceModel
import Foundation
import IconImages

/// One case's result.
public struct IconLoadingCaseResult: Hashable, Sendable {
    /// The vector's id (`icon-loading/<group>/<site>-scale-<S>`): each vector is one case.
    public var id: String { vector.id }
    public var vector: IconLoadingVector
    public var scale: Int { vector.scale }
    public var verdict: IconLoadingVerdict
    /// Every request the case made, as `scheme path` (path relative to the vector).
    public var requests: [String]
    /// The call's standard output when it was a decodable image (for the report's pictures).
    public var outputPNG: [UInt8]?
    public var summary: String
    public var exitStatus: Int32?

    public init(
        vector: IconLoadingVector, verdict: IconLoadingVerdict, requests: [String], outputPNG: [UInt8]?,
        summary: String, exitStatus: Int32?
    ) {
        self.vector = vector
        self.verdict = verdict
        self.requests = requests
        self.outputPNG = outputPNG
        self.summary = summary
        self.exitStatus = exitStatus
    }
}

/// Why a session could not be set up.
public struct IconLoadingSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var detail: String
    public var description: String { detail }
}

/// Serves every vector from one fixture server (each case under its own `/t/TOKEN` prefix, so
/// its requests are told apart in the log) and runs `load-icon` for each case.
public final class IconLoadingSession: Sendable {
    public let vectors: [IconLoadingVector]
    private let server: FixtureServer
    private let folder: URL
    public var caFile: String { server.caFile }

    /// Writes the vectors' files and the combined routes under `workDirectory` and starts the server.
    /// - Parameter serverScript: `Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py`.
    /// - Throws: `IconLoadingSessionError` when two vectors give one file different bytes or a file cannot be
    ///   written; `FixtureServerError` when the server does not start.
    public init(vectors: [IconLoadingVector], serverScript: String, workDirectory: URL) throws {
        self.vectors = vectors
        folder = workDirectory
        // Made here, not as a side effect of writing the first file: a set whose vectors list no file still
        // needs it for routes.json.
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let filesFolder = workDirectory.appendingPathComponent("files")
        var written: [String: [UInt8]] = [:]
        for vector in vectors {
            for (path, bytes) in vector.files.sorted(by: { $0.key < $1.key }) {
                if let earlier = written[path] {
                    guard earlier == bytes else {
                        throw IconLoadingSessionError(detail: "\(vector.id): \(path) differs from another vector's")
                    }
                    continue
                }
                // Paths come from a manifest (plain relative paths, checked when the set was loaded).
                guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                    throw IconLoadingSessionError(detail: "\(vector.id): \(path) is not a plain relative path")
                }
                let url = filesFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                written[path] = bytes
            }
        }
        var routes: [String: Any] = [:]
        for vector in vectors {
            for (path, route) in vector.site.routes {
                routes[vector.prefix + path] = vector.serverObject(route, fileBase: filesFolder.path + "/")
            }
        }
        let routesFile = workDirectory.appendingPathComponent("routes.json")
        try JSONSerialization.data(withJSONObject: routes, options: [.sortedKeys]).write(to: routesFile)
        server = try FixtureServer(
            script: serverScript, routes: routesFile.path,
            workDirectory: workDirectory.appendingPathComponent("server").path)
    }

    /// The appInfoURL a case is given.
    public func appInfoURL(_ vector: IconLoadingVector, token: String) -> String {
        server.httpsOrigin + "/t/\(token)" + vector.prefix + vector.site.entry
    }

    /// Runs every case (one per vector, at its scale) through `perform`, `jobs` at a time.
    /// - Parameters:
    ///   - label: distinguishes implementations sharing the server (part of each token).
    ///   - perform: `load-icon --scale S --app-info-url URL --ca-file PEM`.
    public func run(
        label: String, jobs: Int = 4,
        perform: @escaping @Sendable (_ scale: Int, _ appInfoURL: String, _ caFile: String) -> LoadIconOutcome
    ) -> [IconLoadingCaseResult] {
        let results = ResultSlots(count: vectors.count)
        let caFile = server.caFile
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, jobs)
        for (index, vector) in vectors.enumerated() {
            let token = "\(label)-\(index)"
            let url = appInfoURL(vector, token: token)
            let scale = vector.scale
            queue.addOperation { results.set(index, perform(scale, url, caFile)) }
        }
        queue.waitUntilAllOperationsAreFinished()
        let log = server.requests()
        return vectors.enumerated().map { index, vector in
            let outcome = results.get(index) ?? LoadIconOutcome(exitStatus: nil, stdout: [], summary: "not run")
            return judge(vector, token: "\(label)-\(index)", outcome: outcome, log: log)
        }
    }

    /// Runs one case through `perform` under `token` (unique among the server's cases) and judges it by the request
    /// log as it stands when the call has ended.
    /// - Parameter vector: one of the session's `vectors`.
    public func run(
        _ vector: IconLoadingVector, token: String,
        perform: (_ scale: Int, _ appInfoURL: String, _ caFile: String) -> LoadIconOutcome
    ) -> IconLoadingCaseResult {
        let outcome = perform(vector.scale, appInfoURL(vector, token: token), server.caFile)
        return judge(vector, token: token, outcome: outcome, log: server.requests())
    }

    /// The case of `vector` run under `token`, judged: its requests are the log's under `/t/TOKEN/`.
    private func judge(
        _ vector: IconLoadingVector, token: String, outcome: LoadIconOutcome, log: [FixtureRequest]
    ) -> IconLoadingCaseResult {
        let prefix = "/t/\(token)/"
        let requests = log.filter { $0.path.hasPrefix(prefix) }.map { request -> (scheme: String, path: String) in
            var path = String(request.path.dropFirst(prefix.count - 1))
            if path.hasPrefix(vector.prefix) { path = String(path.dropFirst(vector.prefix.count)) }
            return (request.scheme, path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path)
        }
        let source = vector.sourceBytes.flatMap { try? ImageDecoder.decode($0) }
        let verdict = IconLoadingJudge.judge(vector.expectation, outcome: outcome, requests: requests, source: source)
        let png = (try? ImageHeader.read(outcome.stdout)) != nil ? outcome.stdout : nil
        return IconLoadingCaseResult(
            vector: vector, verdict: verdict, requests: requests.map { "\($0.scheme) \($0.path)" },
            outputPNG: png, summary: outcome.summary, exitStatus: outcome.exitStatus)
    }

    public func stop() { server.stop() }

    deinit { server.stop() }
}

/// Results written by worker operations.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [LoadIconOutcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: LoadIconOutcome) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> LoadIconOutcome? {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]
    }
}

extension IconLoadingSession {
    /// Every case with no call made (an implementation without `load-icon`).
    public func notApplicable() -> [IconLoadingCaseResult] {
        vectors.map { vector in
            IconLoadingCaseResult(
                vector: vector, verdict: IconLoadingVerdict(kind: .pass, reasons: []), requests: [], outputPNG: nil,
                summary: "n/a", exitStatus: nil)
        }
    }
}
