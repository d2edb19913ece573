// Sources/xds-bench/WorkerProcess.swift - Runs one worker in its own process, with a time limit

import ChildProcess
import Foundation

/// Spawns a worker, waits at most `timeout` seconds, and reads its JSON line.
enum WorkerProcess {
    /// The worker's result, or a description of how it failed to give one (`nil` result).
    static func run(_ arguments: [String], timeout: Double, keepFreedMemory: Bool = false)
        -> (WorkerResult?, String)
    {
        var environment = ["SWIFT_BACKTRACE": "enable=no"]
        if keepFreedMemory {
            // glibc keeps freed memory mapped instead of trimming or unmapping it (every worker alike).
            environment["GLIBC_TUNABLES"] =
                "glibc.malloc.trim_threshold=1073741824:glibc.malloc.mmap_threshold=1073741824"
        }
        // Both streams are drained while the worker runs, so a crashing worker's output cannot block it.
        let result = ProcessRunner.run(
            arguments, input: [], limits: .tool(timeout: timeout), environment: environment)
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        switch result.termination {
        case .timedOut: return (nil, "timed out after \(BenchTimeFormat.seconds(timeout)) s (killed)")
        case .signaled(let signal): return (nil, "killed by signal \(signal)" + lastLine(stderr))
        case .failedToStart(let message): return (nil, "cannot start \(arguments[0]): \(message)")
        case .protocolError(let message): return (nil, message)  // never for a one-call process
        case .exited(let status):
            if let line = stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
                let result = try? JSONDecoder().decode(WorkerResult.self, from: Data(line.utf8))
            {
                return (result, "")
            }
            return (nil, "exit status \(status), no result" + lastLine(stderr))
        }
    }

    static func lastLine(_ text: String) -> String {
        guard let line = text.split(separator: "\n").last else { return "" }
        return ": " + String(line.prefix(160))
    }
}

enum BenchTimeFormat {
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
