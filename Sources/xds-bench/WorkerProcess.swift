// Sources/xds-bench/WorkerProcess.swift - Runs one worker in its own process, with a time limit

import Foundation

/// Spawns a worker, waits at most `timeout` seconds, and reads its JSON line.
enum WorkerProcess {
    /// The worker's result, or a description of how it failed to give one (`nil` result).
    static func run(_ arguments: [String], timeout: Double, scratch: String, keepFreedMemory: Bool = false)
        -> (WorkerResult?, String)
    {
        let outPath = scratch + "/worker.out"
        let errPath = scratch + "/worker.err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            return (nil, "cannot create \(outPath)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        // Files, not pipes: a crashing worker may write more than a pipe holds.
        process.standardOutput = out
        process.standardError = err
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        if keepFreedMemory {
            // glibc keeps freed memory mapped instead of trimming or unmapping it (every worker alike).
            environment["GLIBC_TUNABLES"] =
                "glibc.malloc.trim_threshold=1073741824:glibc.malloc.mmap_threshold=1073741824"
        }
        process.environment = environment
        do { try process.run() } catch { return (nil, "cannot start \(arguments[0]): \(error)") }
        let start = Timing.now()
        var timedOut = false
        while process.isRunning {
            if Double(Timing.now() - start) / 1e9 > timeout {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let stdout = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        if timedOut { return (nil, "timed out after \(BenchTimeFormat.seconds(timeout)) s (killed)") }
        if process.terminationReason == .uncaughtSignal {
            return (nil, "killed by signal \(process.terminationStatus)" + lastLine(stderr))
        }
        if let line = stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
            let result = try? JSONDecoder().decode(WorkerResult.self, from: Data(line.utf8))
        {
            return (result, "")
        }
        return (nil, "exit status \(process.terminationStatus), no result" + lastLine(stderr))
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
