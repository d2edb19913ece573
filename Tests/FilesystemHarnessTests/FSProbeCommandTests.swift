// Tests/FilesystemHarnessTests/FSProbeCommandTests.swift - `xds fs-probe` as a user runs it

import Foundation
import TestSupport
import Testing

@testable import FilesystemHarness

/// The built `xds`: `$XDS_RELEASE_BIN/xds` under `make test`, else the debug build.
func builtXDS() -> String? {
    let path = BuiltProducts.path(of: "xds")
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct FSProbeCommandTests {
    @Test func jsonForTwoDirectoriesAndExitZeroWhenTheWriterAgrees() throws {
        let xds = try #require(builtXDS())
        try Mounts.withMountedFilesystem(.tmpfs) { tmpfs in
            try Mounts.withMountedFilesystem(.ext4(blockSize: 1024), sizeMiB: 16) { ext4 in
                let outcome = ToolRun.run([xds, "fs-probe", tmpfs.mountPoint, ext4.mountPoint, "--json"])
                #expect(outcome.status == 0, "\(outcome.errorText)")
                let results = try JSONDecoder().decode([ProbeResult].self, from: Data(outcome.output))
                #expect(results.map(\.directory) == [tmpfs.mountPoint, ext4.mountPoint])
                #expect(results.map(\.fileLimit) == [65536, 952])
                #expect(results[1].writerSees.contains("1024-byte blocks"))
                let text = ToolRun.run([xds, "fs-probe", ext4.mountPoint])
                #expect(
                    String(decoding: text.output, as: UTF8.self).contains("file                 952    above: ENOSPC"))
            }
        }
    }

    @Test func usageAndUnprobeableDirectory() throws {
        let xds = try #require(builtXDS())
        #expect(ToolRun.run([xds, "fs-probe"]).status == 64)
        #expect(ToolRun.run([xds, "fs-probe", "--bogus", "/tmp"]).status == 64)
        let missing = ToolRun.run([xds, "fs-probe", "/nonexistent/dir"])
        #expect(missing.status == 74 && missing.errorText.contains("/nonexistent/dir"))
    }
}

/// No root needed: the probe runs on a private folder in the temporary directory.
@Suite struct FSProbeInterruptTests {
    /// SIGINT, SIGTERM and SIGHUP, each at three moments while `xds fs-probe` works through the same
    /// directory 400 times: it exits 128 + signal and leaves no scratch folder.
    @Test func aSignalMidProbeRemovesTheScratchFolder() throws {
        let xds = try #require(builtXDS())
        try Mounts.withTemporaryDirectory(prefix: "xds-probe-signal") { directory in
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                for delay in [0, 7_000, 23_000] as [UInt32] {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: xds)
                    process.arguments = ["fs-probe"] + Array(repeating: directory, count: 400)
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    // Wait (bounded) until a scratch folder exists: the probe is under way.
                    for _ in 0..<10_000 where scratchFolders(directory).isEmpty && process.isRunning {
                        usleep(500)
                    }
                    usleep(delay)
                    #expect(process.isRunning, "the probe ended before the signal")
                    kill(process.processIdentifier, signal)
                    for _ in 0..<500 where process.isRunning { usleep(10_000) }
                    #expect(!process.isRunning, "still running 5 s after signal \(signal)")
                    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                    process.waitUntilExit()
                    #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
                    #expect(scratchFolders(directory).isEmpty, "signal \(signal) after \(delay) µs")
                }
            }
        }
    }

    private func scratchFolders(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasPrefix(".xds-fs-probe.")
        }
    }
}
