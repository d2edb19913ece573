// Tests/FilesystemHarnessTests/MatrixSafetyTests.swift - No mount outlives fs-matrix: leftovers and signals

import Foundation
import TestSupport
import Testing

@testable import FilesystemHarness

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct MatrixSafetyTests {
    func isMounted(_ path: String) -> Bool { MatrixSafety.currentMountPoints().contains(path) }

    /// A tmpfs mounted the way `Mounts` does, listed in a state file as a killed run would leave it.
    func leftover(owner: Int32) throws -> (state: String, mountPoint: String) {
        let directory = MatrixSafety.mountPrefix + "test-" + UUID().uuidString.prefix(8).lowercased()
        let mountPoint = directory + "/mnt"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try HostCommand.run("mount", ["-t", "tmpfs", "xds-leftover", mountPoint])
        let state = "/tmp/xds-fs-matrix-test-\(UUID().uuidString).state"
        let text = "\(owner)\n\(mountPoint)\t-\t\(directory)\n"
        #expect(FileManager.default.createFile(atPath: state, contents: Data(text.utf8)))
        return (state, mountPoint)
    }

    @Test func leftoversOfADeadRunAreUnmountedAndRemoved() throws {
        let dead = ToolRun.run(["sh", "-c", "echo $$"])
        let deadPid = try #require(
            Int32(String(decoding: dead.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let (state, mountPoint) = try leftover(owner: deadPid)
        #expect(isMounted(mountPoint))
        let cleaned = try MatrixSafety.cleanLeftovers(statePath: state)
        #expect(cleaned == [mountPoint])
        #expect(!isMounted(mountPoint))
        #expect(!FileManager.default.fileExists(atPath: mountPoint))
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    @Test func aLiveRunIsNotDisturbed() throws {
        let (state, mountPoint) = try leftover(owner: 1)
        defer {
            _ = MatrixSafety.teardown(["\(mountPoint)\t-\t\((mountPoint as NSString).deletingLastPathComponent)"])
            try? FileManager.default.removeItem(atPath: state)
        }
        let refusal = #expect(throws: ProbeFailure.self) { try MatrixSafety.cleanLeftovers(statePath: state) }
        #expect(refusal?.message.contains("pid 1") == true)
        #expect(isMounted(mountPoint))
    }

    /// SIGTERM while `xds fs-matrix` has its filesystems mounted: it unmounts, detaches and exits 143.
    @Test func sigtermUnmountsEverything() throws {
        let xds = try #require(builtXDS())
        let state = "/tmp/xds-fs-matrix-test-\(UUID().uuidString).state"
        let out = "/tmp/xds-fs-matrix-test-out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xds)
        process.arguments = ["fs-matrix", "--only", "ext4-4k,tmpfs", "--out", out]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDS_FS_MATRIX_STATE": state]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (bounded) until both mounts are recorded, then interrupt.
        var recorded: [String] = []
        for _ in 0..<6000 where recorded.count < 2 && process.isRunning {
            usleep(10_000)
            let text = (try? String(contentsOfFile: state, encoding: .utf8)) ?? ""
            recorded = text.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
        }
        #expect(recorded.count == 2, "the run ended before both mounts were recorded")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        for mountPoint in recorded {
            #expect(!isMounted(mountPoint), "\(mountPoint) is still mounted")
        }
        #expect(!FileManager.default.fileExists(atPath: state))
        let loops = ToolRun.run(["losetup", "-l", "-n", "-O", "BACK-FILE"])
        let backing = String(decoding: loops.output, as: UTF8.self)
        for mountPoint in recorded {
            #expect(!backing.contains((mountPoint as NSString).deletingLastPathComponent))
        }
    }
}
