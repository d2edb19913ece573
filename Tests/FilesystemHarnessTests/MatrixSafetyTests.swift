// Tests/FilesystemHarnessTests/MatrixSafetyTests.swift - State only root can write; only what a run made is undone

import Foundation
import Glibc
import TestSupport
import Testing

@testable import FilesystemHarness

@Suite struct StatePathTests {
    @Test(arguments: [
        "/tmp/xds-mount-p/../../root/victim", "/run/./xds", "/run//xds", "/run/xds/", "run/xds", "/", "",
    ])
    func nonCanonicalPathsAreRefused(path: String) {
        #expect(throws: MountSafetyError("\(path) is not a canonical absolute path")) {
            try PrivateDirectory.canonicalComponents(path)
        }
    }

    @Test func journalLinesNamingAnythingOutsideTheRunDoNotParse() {
        for line in [
            "dir\t/tmp/xds-mount-p/../../root/victim", "dir\t..", "dir\t.", "dir\t../victim", "image\t/root/victim",
            "dir\ta/b", "mount\tmnt\t/etc", "mount\tmnt\t../x", "attached\timage\t/dev/sda", "dir\t.hidden", "dir\t",
            "removed\t..", "image-id\timage\t1", "rm\t-rf", "dir\tmnt\textra",
        ] {
            #expect(JournalRecord(line: Substring(line)) == nil, "\(line)")
        }
        #expect(JournalRecord(line: "mount\tmnt-ext4-1\t/dev/loop12") == .mount("mnt-ext4-1", source: "/dev/loop12"))
        #expect(JournalRecord(line: "mounted\tmnt-tmpfs-2\t0:40") == .mounted("mnt-tmpfs-2", device: .init("0:40")!))
    }
}

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct MatrixSafetyTests {
    @Test func untrustworthyStateDirectoriesAreRefused() throws {
        let base = StateBase()
        defer { base.remove() }
        // Owned by someone else, or writable by others: refused, nothing made inside.
        try FileManager.default.createDirectory(atPath: base.path, withIntermediateDirectories: false)
        for (owner, mode) in [(65534, 0o700), (0, 0o777), (0, 0o755)] as [(uid_t, mode_t)] {
            chown(base.path, owner, 0)
            chmod(base.path, mode)
            let refusal = #expect(throws: MountSafetyError.self) { try MountSession(base: base.path) }
            #expect(refusal?.message.contains("refusing to trust it") == true, "\(refusal?.message ?? "")")
            #expect(base.entries.isEmpty)
        }
        rmdir(base.path)
        // A symlink where the base should be.
        let elsewhere = try Mounts.withTemporaryDirectory(prefix: "xds-elsewhere") { directory in
            #expect(symlink(directory, base.path) == 0)
            defer { unlink(base.path) }
            let refusal = #expect(throws: MountSafetyError.self) { try MountSession(base: base.path) }
            #expect(
                refusal?.message.contains("as a directory (not following symlinks)") == true,
                "\(refusal?.message ?? "")")
            return try FileManager.default.contentsOfDirectory(atPath: directory)
        }
        #expect(elsewhere.isEmpty)
        // Below a directory anyone may write (not sticky): refused before anything is created, by the
        // library and by the command (exit 1, with the reason).
        try Mounts.withTemporaryDirectory(prefix: "xds-open") { directory in
            chmod(directory, 0o777)
            let refusal = #expect(throws: MountSafetyError.self) { try MountSession(base: directory + "/state") }
            #expect(refusal?.message.contains("refusing to keep state below it") == true)
            let xds = try #require(builtXDS())
            let command = ToolRun.run(
                [xds, "fs-matrix", "--clean"], environment: ["XDS_FS_MATRIX_STATE_DIR": directory + "/state"])
            #expect(command.status == 1 && command.errorText.contains("refusing to keep state below it"))
            #expect(!FileManager.default.fileExists(atPath: directory + "/state"))
        }
    }

    /// A run directory left with a journal that names paths outside it (`..`, absolute paths, the
    /// text-prefix trick): nothing outside is touched, and the lines are reported.
    @Test func aHostileJournalTouchesNothingOutsideTheRun() throws {
        let base = StateBase()
        let victim = "/run/xds-victim-" + UUID().uuidString.prefix(8).lowercased()
        defer {
            try? FileManager.default.removeItem(atPath: victim)
            try? FileManager.default.removeItem(atPath: base.path + "/run.hostil")
            base.remove()
        }
        try FileManager.default.createDirectory(atPath: victim + "/data", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: victim + "/data/file", contents: Data("keep".utf8)))
        try fakeDeadRun(
            base,
            lines: [
                "dir\t\(base.path)/../..\(victim)/data", "dir\t/tmp/xds-mount-p/../../\(victim)",
                "dir\t../../..\(victim)",
                "image\t\(victim)/data/file", "image\t../../..\(victim)/data/file", "mount\t..\t/dev/loop0",
                "removed\t../../..\(victim)",
            ])
        let report = try MatrixSafety.cleanLeftovers(base: base.path)
        #expect(report.undone.isEmpty)
        #expect(report.leftAlone.filter { $0.contains("ignored line") }.count == 7, "\(report.leftAlone)")
        #expect(FileManager.default.contents(atPath: victim + "/data/file") == Data("keep".utf8))
    }

    /// A dead run's journal names a mount point and an image, but what is there now is not what the run
    /// made (another device number, another source, another inode): all of it is left alone.
    @Test func onlyWhatTheRunMadeIsUndone() throws {
        let base = StateBase()
        let run = base.path + "/run.others"
        var device: String?
        defer {
            for mountPoint in base.mounts.reversed() { umount2(mountPoint, Int32(MNT_DETACH)) }
            if let device { _ = try? HostCommand.run("losetup", ["-d", device]) }
            try? FileManager.default.removeItem(atPath: run)
            base.remove()
        }
        try fakeDeadRun(base, name: "run.others", lines: [])
        for name in ["mnt-a", "mnt-b"] {
            try FileManager.default.createDirectory(atPath: run + "/" + name, withIntermediateDirectories: false)
            try HostCommand.run("mount", ["-t", "tmpfs", "someone-else", run + "/" + name])
        }
        let image = run + "/image-c"
        #expect(FileManager.default.createFile(atPath: image, contents: Data(count: 1 << 20)))
        device = try HostCommand.run("losetup", ["--find", "--show", image]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        var info = stat()
        #expect(stat(image, &info) == 0)
        // The recorded inode is one no file has: st_ino + 1 can be the image of a run working meanwhile
        // (another test), whose loop device would then rightly count as the recorded image's.
        let journal = [
            "xds-run\tpid 1", "dir\tmnt-a", "mount\tmnt-a\txds-tmpfs-run.others", "mounted\tmnt-a\t0:1",
            "dir\tmnt-b", "mount\tmnt-b\txds-tmpfs-run.others", "image\timage-c",
            "image-id\timage-c\t\(info.st_dev)\t\(UInt64.max)", "attach\timage-c",
        ]
        #expect(
            FileManager.default.createFile(
                atPath: run + "/journal", contents: Data((journal.joined(separator: "\n") + "\n").utf8),
                attributes: [.posixPermissions: 0o600]))
        let report = try MatrixSafety.cleanLeftovers(base: base.path)
        #expect(report.undone.isEmpty, "\(report.undone)")
        #expect(report.leftAlone.count == 3, "\(report.leftAlone)")
        #expect(base.mounts.count == 2)
        #expect(base.loopDevices.count == 1)
        #expect(FileManager.default.fileExists(atPath: image))
    }

    /// A dead run's image is gone and its inode number now belongs to another run's image, which is attached:
    /// the loop device's backing file has the device and inode the dead run recorded, but not its path, and
    /// cleaning up the dead run leaves the device alone. (A hard link gives the other image the recorded
    /// identity without waiting for the kernel to reuse an inode number.)
    @Test func aLoopDeviceBackedByAnotherPathWithTheRecordedIdentityIsNotDetached() throws {
        let base = StateBase()
        let other = base.path + "-other"
        var device: String?
        defer {
            if let device { _ = try? HostCommand.run("losetup", ["-d", device]) }
            try? FileManager.default.removeItem(atPath: other)
            base.remove()
        }
        try FileManager.default.createDirectory(
            atPath: other, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let image = other + "/image"
        #expect(FileManager.default.createFile(atPath: image, contents: Data(count: 1 << 20)))
        device = try HostCommand.run("losetup", ["--find", "--show", image]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let name = try #require(device.map { ($0 as NSString).lastPathComponent })
        var info = stat()
        #expect(stat(image, &info) == 0)
        try fakeDeadRun(
            base, name: "run.reused",
            lines: [
                "image\timage-c", "image-id\timage-c\t\(info.st_dev)\t\(info.st_ino)", "attach\timage-c",
                "attached\timage-c\t\(name)",
            ])
        #expect(link(image, base.path + "/run.reused/image-c") == 0)
        let report = try MatrixSafety.cleanLeftovers(base: base.path)
        #expect(!report.undone.contains { $0.contains("detached") }, "\(report.undone)")
        #expect(LoopDevices.backingPath(name) == image)
        #expect(FileManager.default.fileExists(atPath: image))
    }

    @Test func aLiveRunIsNotDisturbedAndFinishLeavesNothing() throws {
        let base = StateBase()
        defer { base.remove() }
        let session = try MountSession(base: base.path)
        let tmpfs = try session.mount(.tmpfs, label: "live")
        let ext4 = try session.mount(.ext4(), label: "live", sizeMiB: 16)
        let report = try MatrixSafety.cleanLeftovers(base: base.path)
        #expect(report.undone.isEmpty && report.leftAlone.isEmpty)
        #expect(base.mounts == [tmpfs.mountPoint, ext4.mountPoint])
        #expect(base.loopDevices.count == 1)
        #expect(tmpfs.mountPoint.hasPrefix(session.path + "/") && ext4.imagePath?.hasPrefix(session.path + "/") == true)
        let finished = session.finish()
        #expect(finished.leftAlone.isEmpty)
        // Newest first: ext4, tmpfs, then ext4's loop device and image.
        #expect(
            finished.undone.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
                "unmounted \(ext4.mountPoint)", "unmounted \(tmpfs.mountPoint)", "detached \(ext4.loopDevice ?? "")",
                "removed \(ext4.imagePath ?? "")",
            ], "\(finished.undone)")
        #expect(base.leftovers.isEmpty, "\(base.leftovers)")
    }

    /// What was written into a mount point while nothing was mounted on it (a probe or tool still at work
    /// when a signal's cleanup unmounted the filesystem under it) is removed by `finish` and by `--clean`,
    /// without following symlinks; a mount point with something mounted below it is left alone.
    @Test func whatWasWrittenIntoAnUnmountedMountPointIsRemoved() throws {
        let base = StateBase()
        let victim = "/run/xds-victim-" + UUID().uuidString.prefix(8).lowercased()
        defer {
            for mountPoint in base.mounts.reversed() { umount2(mountPoint, Int32(MNT_DETACH)) }
            try? FileManager.default.removeItem(atPath: victim)
            try? FileManager.default.removeItem(atPath: base.path + "/run.hostil")
            base.remove()
        }
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: victim + "/file", contents: Data("keep".utf8)))
        func writeAsATool(into mountPoint: String) throws {
            try FileManager.default.createDirectory(
                atPath: mountPoint + "/survival-cp-200-tmpfs", withIntermediateDirectories: false)
            #expect(FileManager.default.createFile(atPath: mountPoint + "/survival-cp-200-tmpfs/doc", contents: nil))
            #expect(symlink(victim, mountPoint + "/survival-cp-200-tmpfs/link") == 0)
            #expect(symlink(victim + "/file", mountPoint + "/roundtrip-1") == 0)
        }
        // A live run: the filesystem is unmounted under it, then written into.
        let session = try MountSession(base: base.path)
        let tmpfs = try session.mount(.tmpfs, label: "late")
        #expect(umount2(tmpfs.mountPoint, 0) == 0)
        try writeAsATool(into: tmpfs.mountPoint)
        let finished = session.finish()
        #expect(finished.leftAlone.isEmpty, "\(finished.leftAlone)")
        #expect(finished.undone.contains { $0.hasPrefix("removed what was written into \(tmpfs.mountPoint)") })
        #expect(base.leftovers.isEmpty, "\(base.leftovers)")
        // A dead run (`--clean`): the same, and a mount point with a mount below it is not touched.
        try fakeDeadRun(
            base, lines: ["dir\tmnt-a", "mount\tmnt-a\txds-tmpfs-run.hostil", "dir\tmnt-b", "dir\tmnt-c"])
        let run = base.path + "/run.hostil"
        for name in ["mnt-a", "mnt-b", "mnt-c"] {
            try FileManager.default.createDirectory(atPath: run + "/" + name, withIntermediateDirectories: false)
            try writeAsATool(into: run + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: run + "/mnt-c/busy", withIntermediateDirectories: false)
        try HostCommand.run("mount", ["-t", "tmpfs", "someone-else", run + "/mnt-c/busy"])
        let report = try MatrixSafety.cleanLeftovers(base: base.path)
        #expect(report.undone.filter { $0.hasPrefix("removed what was written") }.count == 2, "\(report.undone)")
        #expect(report.leftAlone.count == 1 && report.leftAlone.first?.contains("mnt-c") == true, "\(report.leftAlone)")
        #expect(base.mounts == [run + "/mnt-c/busy"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: run).sorted() == ["journal", "mnt-c"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: run + "/mnt-c").count == 3)
        #expect(FileManager.default.contents(atPath: victim + "/file") == Data("keep".utf8))
    }

    /// A run directory as a dead run leaves it: private, with `journal` holding `lines` after the header.
    private func fakeDeadRun(_ base: StateBase, name: String = "run.hostil", lines: [String]) throws {
        close(try PrivateDirectory.openOrCreate(base.path))
        try FileManager.default.createDirectory(
            atPath: base.path + "/" + name, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        guard !lines.isEmpty else { return }
        let text = (["xds-run\tpid 1"] + lines).joined(separator: "\n") + "\n"
        #expect(
            FileManager.default.createFile(
                atPath: base.path + "/" + name + "/journal", contents: Data(text.utf8),
                attributes: [.posixPermissions: 0o600]))
    }
}
