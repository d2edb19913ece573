// Sources/IconLoadingArea/IconLoadingSession.swift - Serves the vectors, runs load-icon per case, judges

import Foundation
import IconFixture
import IconImages

/// One case's result.
public struct IconLoadingCaseResult: Hashable, Sendable {
    /// `icon-loading/<group>/<name>@scale=N`
    public var id: String
    public var vector: IconLoadingVector
    public var scale: Int
    public var verdict: IconLoadingVerdict
    /// Every request the case made, as `scheme path` (path relative to the vector).
    public var requests: [String]
    /// The call's standard output when it was a decodable image (for the report's pictures).
    public var outputPNG: [UInt8]?
    public var summary: String
    public var exitStatus: Int32?

    public init(
        id: String, vector: IconLoadingVector, scale: Int, verdict: IconLoadingVerdict, requests: [String],
        outputPNG: [UInt8]?, summary: String, exitStatus: Int32?
    ) {
        self.id = id
        self.vector = vector
        self.scale = scale
        self.verdict = verdict
        self.requests = requests
        self.outputPNG = outputPNG
        self.summary = summary
        self.exitStatus = exitStatus
    }
}

/// Serves every vector from one fixture server (each case under its own `/t/TOKEN` prefix, so
/// its requests are told apart in the log) and runs `load-icon` for each case.
public final class IconLoadingSession: Sendable {
    public let vectors: [IconLoadingVector]
    private let server: FixtureServer
    private let images: [String: [UInt8]]
    private let folder: URL
    public var caFile: String { server.caFile }

    /// Writes the images and the combined routes under `workDirectory` and starts the server.
    /// - Parameter serverScript: `Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py`.
    public init(
        vectors: [IconLoadingVector] = IconLoadingFamily.vectors(),
        images: [String: [UInt8]] = IconLoadingFamily.images(),
        serverScript: String, workDirectory: URL
    ) throws {
        self.vectors = vectors
        self.images = images
        folder = workDirectory
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        for (name, bytes) in images {
            let url = workDirectory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        var routes: [String: Any] = [:]
        for vector in vectors {
            for (path, route) in vector.routes {
                routes[vector.prefix + path] = route.object(
                    vectorPrefix: vector.prefix, fileBase: workDirectory.path + "/")
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
        server.httpsOrigin + "/t/\(token)" + vector.prefix + IconLoadingVector.entry
    }

    /// Runs every case (vector × scales 1, 2, 3) through `perform`, `jobs` at a time.
    /// - Parameters:
    ///   - label: distinguishes implementations sharing the server (part of each token).
    ///   - perform: `load-icon --scale S --app-info-url URL --ca-file PEM`.
    public func run(
        label: String, jobs: Int = 4,
        perform: @escaping @Sendable (_ scale: Int, _ appInfoURL: String, _ caFile: String) -> LoadIconOutcome
    ) -> [IconLoadingCaseResult] {
        let cases = vectors.flatMap { vector in (1...3).map { (vector, $0) } }
        let results = ResultSlots(count: cases.count)
        let caFile = server.caFile
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, jobs)
        for (index, (vector, scale)) in cases.enumerated() {
            let token = "\(label)-\(index)"
            let url = appInfoURL(vector, token: token)
            queue.addOperation { results.set(index, perform(scale, url, caFile)) }
        }
        queue.waitUntilAllOperationsAreFinished()
        let log = server.requests()
        return cases.enumerated().map { index, pair in
            let (vector, scale) = pair
            let outcome = results.get(index) ?? LoadIconOutcome(exitStatus: nil, stdout: [], summary: "not run")
            let prefix = "/t/\(label)-\(index)/"
            let requests = log.filter { $0.path.hasPrefix(prefix) }.map { request -> (scheme: String, path: String) in
                var path = String(request.path.dropFirst(prefix.count - 1))
                if path.hasPrefix(vector.prefix) { path = String(path.dropFirst(vector.prefix.count)) }
                return (request.scheme, path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path)
            }
            let expectation = vector.expected[scale] ?? .none(allowing: [])
            let source = expectation.source.flatMap { images[$0] }.flatMap { try? ImageDecoder.decode($0) }
            let verdict = IconLoadingJudge.judge(
                expectation, scale: scale, outcome: outcome, requests: requests, source: source)
            let png = (try? ImageHeader.read(outcome.stdout)) != nil ? outcome.stdout : nil
            return IconLoadingCaseResult(
                id: vector.id + "@scale=\(scale)", vector: vector, scale: scale, verdict: verdict,
                requests: requests.map { "\($0.scheme) \($0.path)" }, outputPNG: png, summary: outcome.summary,
                exitStatus: outcome.exitStatus)
        }
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
        vectors.flatMap { vector in
            (1...3).map { scale in
                IconLoadingCaseResult(
                    id: vector.id + "@scale=\(scale)", vector: vector, scale: scale,
                    verdict: IconLoadingVerdict(kind: .pass, reasons: []), requests: [], outputPNG: nil,
                    summary: "n/a", exitStatus: nil)
            }
        }
    }
}
