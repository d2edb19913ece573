// Tests/FilesystemHarnessTests/FSProbeCommandTests.swift - `xds fs-probe` as a user runs it

import Foundation
import TestSupport
import Testing

@testable import FilesystemHarness

/// The built `xds`: `$XDS_RELEASE_BIN/xds` under `make test`, else the debug build.
func builtXDS() -> String? {
    let candidates = [
        (ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"] ?? "/nonexistent") + "/xds",
        FileManager.default.currentDirectoryPath + "/.build/debug/xds",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
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
