// Sources/ChildProcess/ServerPool.swift - Persistent adapter servers, one per call in flight

import Foundation

/// The servers of one adapter in the persistent mode (`CMD serve`): a call takes an idle server or starts one,
/// so there are at most as many as calls run at once; a server that ended during a call (a crash, a timeout,
/// a limit, a protocol error) is dropped, and the next call starts a fresh one. Nothing is replayed.
public final class ServerPool: @unchecked Sendable {
    /// The command that starts one server: the adapter command followed by the protocol's `serve` word.
    public let serveCommand: [String]
    public let limits: ProcessLimits
    public let environment: [String: String]
    private let lock = NSLock()
    private var idle: [ServingChild] = []
    private var started = 0

    public init(serveCommand: [String], limits: ProcessLimits, environment: [String: String] = [:]) {
        self.serveCommand = serveCommand
        self.limits = limits
        self.environment = environment
    }

    deinit { stop() }

    /// Servers started so far (a measure of how many calls ended one).
    public var serversStarted: Int {
        lock.lock()
        defer { lock.unlock() }
        return started
    }

    /// Performs one call (`words`: the call and its arguments) on an idle server or a new one.
    public func run(_ words: [String], input: [UInt8]) -> CallResult {
        lock.lock()
        var server = idle.popLast()
        if server == nil { started += 1 }
        lock.unlock()
        if server == nil {
            do {
                server = try ServingChild(serveCommand, limits: limits, environment: environment)
            } catch {
                return CallResult(termination: .failedToStart(error.message), stdout: [], stderr: [])
            }
        }
        guard let server else { return CallResult(termination: .failedToStart("no server"), stdout: [], stderr: []) }
        let result = server.call(words, input: input, limits: limits)
        if server.alive {
            lock.lock()
            idle.append(server)
            lock.unlock()
        }
        return result
    }

    /// Ends every idle server (end of input, then its group killed).
    public func stop() {
        lock.lock()
        let servers = idle
        idle = []
        lock.unlock()
        for server in servers { server.stop() }
    }
}
