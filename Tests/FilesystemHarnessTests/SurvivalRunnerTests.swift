// Tests/FilesystemHarnessTests/SurvivalRunnerTests.swift - A few tool-survival cells on real mounts

import TestSupport
import Testing

@testable import FilesystemHarness

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct SurvivalRunnerTests {
    func operation(_ id: String, in list: [SurvivalOperation] = SurvivalOperation.all) throws -> SurvivalOperation {
        try #require(list.first { $0.id == id })
    }

    @Test func cpKeepsWithDashAAndLosesSilentlyWithout() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { mount in
            let fs = MountedMatrixFilesystem(spec: MatrixFilesystem.all[6], mount: mount)
            let kept = SurvivalRunner.run(try operation("cp-a"), size: 200, source: fs, destination: fs)
            #expect(kept.result == "kept" && kept.mark == "✓")
            let lost = SurvivalRunner.run(try operation("cp"), size: 200, source: fs, destination: fs)
            #expect(lost.result == "lost" && lost.silentLoss && lost.mark == "✗ silent")
            let copied = SurvivalRunner.run(try operation("attr_copy_file"), size: 65536, source: fs, destination: fs)
            #expect(copied.result == "kept", "\(copied.message)")
        }
    }

    /// Copying a 4000-byte attribute onto 1 KiB-block ext4: `cp -a` loses it with exit 0, and
    /// `cp --preserve=xattr` says so with exit 1; `mv` warns, exits 0 and deletes the source.
    @Test func copyOntoASmallerFilesystemIsSilentOnlyForCpDashA() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { sourceMount in
            try Mounts.withMountedFilesystem(.ext4(blockSize: 1024), sizeMiB: 16) { destinationMount in
                let source = MountedMatrixFilesystem(spec: MatrixFilesystem.all[6], mount: sourceMount)
                let destination = MountedMatrixFilesystem(spec: MatrixFilesystem.all[1], mount: destinationMount)
                let list = SurvivalOperation.ontoSmaller
                let quiet = SurvivalRunner.run(
                    try operation("cp-a", in: list), size: 4000, source: source, destination: destination)
                #expect(quiet.result == "lost" && quiet.exitStatus == 0)
                let loud = SurvivalRunner.run(
                    try operation("cp-preserve-xattr", in: list), size: 4000, source: source,
                    destination: destination)
                #expect(loud.result == "lost" && loud.exitStatus == 1 && loud.message.contains("No space left"))
                let moved = SurvivalRunner.run(
                    try operation("mv", in: list), size: 4000, source: source, destination: destination)
                #expect(moved.result == "lost" && moved.exitStatus == 0 && !moved.sourceRemains)
                #expect(moved.mark == "✗ warned, source gone")
                let fits = SurvivalRunner.run(
                    try operation("cp-a", in: list), size: 952, source: source, destination: destination)
                #expect(fits.result == "kept")
            }
        }
    }
}
