// Sources/FilesystemHarness/MountSession.swift - Mounts made inside one private run directory, journaled

import AttributeFiles
import ChildProcess
import Foundation
import Glibc

/// A set of scratch mounts living in one private run directory (`RunDirectory`): images, loop devices
/// and mount points are made step by step, each step journaled (intent first) and run as an
/// `TerminationCleanup` step; `finish` (and, on a signal, the guard) undoes whatever the journal says
/// exists, checking identity before touching anything.
public final class MountSession: @unchecked Sendable {
    /// Where run directories live: `$XDS_FS_MATRIX_STATE_DIR`, else `/run/xds-fs-matrix`.
    public static var defaultBase: String {
        ProcessInfo.processInfo.environment["XDS_FS_MATRIX_STATE_DIR"] ?? "/run/xds-fs-matrix"
    }

    let run: RunDirectory
    private var guardToken: Int?
    private var counter = 0

    /// The run directory's canonical path.
    public var path: String { run.path }

    /// Makes a fresh private run directory under `base`; a signal (when `TerminationCleanup` is installed)
    /// undoes everything the session made.
    public init(base: String = MountSession.defaultBase) throws(MountSafetyError) {
        // One step: a signal either comes before the run directory exists or finds its cleanup registered.
        TerminationCleanup.hold()
        defer { TerminationCleanup.release() }
        let run = try RunDirectory.create(base: base)
        self.run = run
        guardToken = TerminationCleanup.register {
            let report = RunUndo.undo(run)
            for line in report.leftAlone { FileHandle.standardError.write(Data("left alone: \(line)\n".utf8)) }
            _ = run.removeIfEmpty()
        }
    }

    deinit { _ = finish() }

    /// Undoes everything (newest first) and removes the run directory. Idempotent.
    @discardableResult
    public func finish() -> UndoReport {
        TerminationCleanup.step {
            let report = RunUndo.undo(run)
            if report.leftAlone.isEmpty { _ = run.removeIfEmpty() }
            if let token = guardToken {
                TerminationCleanup.unregister(token)
                guardToken = nil
            }
            return report
        }
    }

    /// A directory for scratch files (`TMPDIR`), removed with everything in it by `finish`.
    public func scratchDirectory() throws(MountSafetyError) -> String {
        try makeDirectory("tmp", mode: 0o700)
        return run.path("tmp")
    }

    /// Creates a `kind` filesystem of `sizeMiB` (raised to the kind's minimum) and mounts it.
    /// - Parameters:
    ///   - label: names the entries (`mnt-LABEL-N`, `image-LABEL-N`); letters, digits, `-`, `_`, `.`.
    ///   - options: the mount data (e.g. `nr_inodes=256` for tmpfs).
    public func mount(_ kind: FilesystemKind, label: String, sizeMiB: Int = 8, options: [String] = []) throws
        -> MountedFilesystem
    {
        counter += 1
        let suffix = "\(label)-\(counter)"
        guard PrivateDirectory.isSafeName("mnt-" + suffix) else { throw MountSafetyError("bad label \(label)") }
        let size = max(sizeMiB, kind.minimumSizeMiB)
        let mountName = "mnt-" + suffix
        try makeDirectory(mountName, mode: 0o755)
        var data = options
        guard kind.needsImage else {
            if kind == .tmpfs { data.insert("size=\(size)m", at: 0) }
            let source = "xds-\(kind.typeName)-\(run.name)"
            try mountStep(source: source, on: mountName, type: kind.typeName, data: data)
            return MountedFilesystem(kind: kind, mountPoint: run.path(mountName), sizeMiB: size)
        }
        let imageName = "image-" + suffix
        try createImage(imageName, bytes: UInt64(size) << 20)
        if let mkfs = kind.mkfsCommand(image: run.path(imageName)) {
            try TerminationCleanup.step { () throws(HostCommandError) in
                _ = try HostCommand.run(mkfs.tool, mkfs.arguments)
            }
        }
        let device = try attach(imageName)
        try mountStep(source: "/dev/" + device, on: mountName, type: kind.typeName, data: data)
        return MountedFilesystem(
            kind: kind, mountPoint: run.path(mountName), imagePath: run.path(imageName), loopDevice: "/dev/" + device,
            sizeMiB: size)
    }

    private func makeDirectory(_ name: String, mode: mode_t) throws(MountSafetyError) {
        try TerminationCleanup.step { () throws(MountSafetyError) in
            run.append(.directory(name))
            guard mkdirat(run.descriptor, name, mode) == 0 else {
                throw MountSafetyError("mkdir \(run.path(name)): \(SystemErrno(rawValue: errno).description)")
            }
            fchmodat(run.descriptor, name, mode, 0)
        }
    }

    private func createImage(_ name: String, bytes: UInt64) throws(MountSafetyError) {
        try TerminationCleanup.step { () throws(MountSafetyError) in
            run.append(.image(name))
            let descriptor = openat(
                run.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw MountSafetyError("create \(run.path(name)): \(SystemErrno(rawValue: errno).description)")
            }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw MountSafetyError("fstat \(run.path(name))") }
            run.append(.imageIdentity(name, FileIdentity(info)))
            guard ftruncate(descriptor, off_t(bytes)) == 0 else {
                throw MountSafetyError("truncate \(run.path(name)): \(SystemErrno(rawValue: errno).description)")
            }
        }
    }

    /// Attaches the image; returns the device name (`loop3`).
    private func attach(_ imageName: String) throws -> String {
        try TerminationCleanup.step { () throws -> String in
            run.append(.attach(imageName))
            let device = try HostCommand.run("losetup", ["--find", "--show", run.path(imageName)])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let name = String(device.dropFirst(5))
            guard device.hasPrefix("/dev/"), JournalRecord.isLoopName(name) else {
                throw MountSafetyError("losetup printed \(device), not a loop device")
            }
            run.append(.attached(imageName, device: name))
            return name
        }
    }

    private func mountStep(source: String, on name: String, type: String, data: [String]) throws(MountSafetyError) {
        try TerminationCleanup.step { () throws(MountSafetyError) in
            run.append(.mount(name, source: source))
            let target = run.path(name)
            let result =
                data.isEmpty
                ? Glibc.mount(source, target, type, 0, nil)
                : Glibc.mount(source, target, type, 0, data.joined(separator: ","))
            guard result == 0 else {
                throw MountSafetyError(
                    "mount -t \(type) \(source) \(target): \(SystemErrno(rawValue: errno).description)")
            }
            // The device number the mount table shows (btrfs gives files another anonymous device).
            if let mounted = MountTable.entries(at: target).last, mounted.source == source {
                run.append(.mounted(name, device: mounted.device))
            }
        }
    }
}
