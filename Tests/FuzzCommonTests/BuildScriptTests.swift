// Tests/FuzzCommonTests/BuildScriptTests.swift - .clusterfuzzlite/build.sh, run as the engine runs it

import Foundation
import Testing

/// A full sanitizer build is too slow for every `swift test`: it runs under CI (`CI` set) and in
/// `make fuzz` (`XDS_FUZZ_BUILD_TESTS=1`).
enum FuzzBuildGate {
    static let enabled =
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } == true
        || ProcessInfo.processInfo.environment["XDS_FUZZ_BUILD_TESTS"] == "1"
}

/// Runs the engine's build script with `$OUT`, `$SRC` and `$SANITIZER` set, as ClusterFuzzLite does,
/// so that it cannot rot. It shares FuzzTesting/.build with `make fuzz` (same flags), so after one
/// fuzz build this is incremental. Each shipped fuzzer then runs a few hundred inputs.
@Suite(
    .serialized,
    .enabled(
        if: FuzzBuildGate.enabled,
        "the sanitizer build runs under CI (CI set) and in make fuzz (XDS_FUZZ_BUILD_TESTS=1)"))
struct BuildScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func targets() throws -> [String] {
        let sources = root.appendingPathComponent("FuzzTesting/Sources").path
        return try FileManager.default.contentsOfDirectory(atPath: sources)
            .filter { $0.hasPrefix("Fuzz") && $0 != "FuzzCommon" }.sorted()
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func buildScriptShipsEveryTargetWithDictionaryAndOptions() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xds-cflite-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let status = try Self.run(
            "/bin/bash", [Self.root.appendingPathComponent(".clusterfuzzlite/build.sh").path],
            environment: [
                "OUT": out.path, "SRC": Self.root.deletingLastPathComponent().path, "SANITIZER": "address",
                "FUZZ_CONFIGURATIONS": "debug",
            ])
        try #require(status == 0)
        let targets = try Self.targets()
        #expect(!targets.isEmpty)
        for target in targets {
            let binary = out.appendingPathComponent("\(target)_debug").path
            #expect(FileManager.default.isExecutableFile(atPath: binary), "\(target)_debug missing")
            #expect(FileManager.default.fileExists(atPath: binary + ".dict"))
            #expect(FileManager.default.fileExists(atPath: binary + ".options"))
            // libFuzzer itself: a short deterministic run on an empty corpus must find nothing.
            #expect(try Self.run(binary, ["-runs=500", "-seed=1", "-max_len=4096"]) == 0)
        }
    }
}
