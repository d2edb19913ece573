// Sources/FilesystemHarness/RunUndo.swift - Undoes what a run's journal says may exist, after checking identity

import Glibc

/// What undoing a run did, and what it found but would not touch.
public struct UndoReport: Hashable, Sendable {
    /// One line per thing undone (`unmounted …`, `detached /dev/loop3 …`, `removed …`).
    public var undone: [String] = []
    /// One line per thing left alone, with why (not this run's, busy, malformed journal line).
    public var leftAlone: [String] = []
}

/// Undoes a run: unmounts, detaches, removes, newest first, recording each step in the journal.
///
/// Only what the journal names, inside the run's own directory, is touched, and only when it is still
/// what the run made: a mount on one of its directories whose device number is the one recorded (or,
/// when the run died before recording it, whose source is the one it was about to mount); a loop device
/// whose backing file has the image's device and inode and is at the image's path (`/sys/block/loopN/loop/
/// backing_file`: an inode number can be reused by a live run's image); an image file with that identity. Everything
/// else is reported and left alone. Nothing is removed recursively except below the run's `tmp` folder
/// and below a mount point that nothing is mounted on (what was written into it while unmounted).
enum RunUndo {
    static func undo(_ run: RunDirectory) -> UndoReport {
        var report = UndoReport()
        let (records, invalid) = run.records()
        for line in invalid { report.leftAlone.append("\(run.path)/journal: ignored line \"\(line)\"") }
        let state = JournalState(records)
        for mount in state.mounts.reversed() { unmount(mount, run, &report) }
        let remainingMounts = JournalState(run.records().records).mounts.map(\.directory)
        for attachment in state.attachments.reversed() {
            detach(
                attachment.image, identity: state.images.last { $0.name == attachment.image }?.identity, run, &report)
        }
        let remainingAttachments = JournalState(run.records().records).attachments.map(\.image)
        for image in state.images.reversed() where !remainingAttachments.contains(image.name) {
            removeImage(image.name, identity: image.identity, run, &report)
        }
        for directory in state.directories.reversed() where !remainingMounts.contains(directory) {
            removeDirectory(directory, run, &report)
        }
        return report
    }

    private static func unmount(
        _ mount: (directory: String, source: String, device: DeviceNumber?), _ run: RunDirectory,
        _ report: inout UndoReport
    ) {
        let path = run.path(mount.directory)
        for _ in 0..<8 {
            guard let top = MountTable.entries(at: path).last else {
                run.append(.unmounted(mount.directory))
                return
            }
            let ours = mount.device.map { $0 == top.device } ?? (top.source == mount.source)
            guard ours else {
                report.leftAlone.append(
                    "\(path): \(top.source) (\(top.device)) is mounted there, not what this run mounted; left alone")
                return
            }
            if umount2(path, Int32(UMOUNT_NOFOLLOW)) == 0 {
                report.undone.append("unmounted \(path) (\(top.type), \(top.device))")
            } else if umount2(path, Int32(UMOUNT_NOFOLLOW) | Int32(MNT_DETACH)) == 0 {
                report.undone.append("unmounted \(path) lazily (busy; \(top.type), \(top.device))")
            } else {
                report.leftAlone.append("\(path): umount failed: \(String(cString: strerror(errno)))")
                return
            }
        }
        report.leftAlone.append("\(path): still mounted after 8 unmounts; left alone")
    }

    private static func detach(
        _ image: String, identity: FileIdentity?, _ run: RunDirectory, _ report: inout UndoReport
    ) {
        guard let identity else {  // the run died before the image existed: nothing can be attached
            run.append(.detached(image))
            return
        }
        var stuck: [String] = []
        let path = run.path(image)
        for device in LoopDevices.backedBy(identity, at: path) {
            if LoopDevices.detach(device, ifBackedBy: identity, at: path) {
                report.undone.append("detached /dev/\(device) (backing \(run.path(image)), \(identity))")
            } else {
                stuck.append(device)
            }
        }
        if stuck.isEmpty {
            run.append(.detached(image))
        } else {
            report.leftAlone.append("/dev/\(stuck.joined(separator: ", /dev/")): still attached to \(run.path(image))")
        }
    }

    private static func removeImage(
        _ image: String, identity: FileIdentity?, _ run: RunDirectory, _ report: inout UndoReport
    ) {
        guard let info = PrivateDirectory.entry(image, in: run.descriptor) else {
            run.append(.removed(image))
            return
        }
        let isOurs =
            info.st_mode & S_IFMT == S_IFREG && info.st_uid == geteuid()
            && (identity.map { $0 == FileIdentity(info) } ?? (info.st_nlink == 1))
        guard isOurs else {
            report.leftAlone.append("\(run.path(image)): not the image this run made; left alone")
            return
        }
        if unlinkat(run.descriptor, image, 0) == 0 {
            run.append(.removed(image))
            report.undone.append("removed \(run.path(image))")
        } else {
            report.leftAlone.append("\(run.path(image)): \(String(cString: strerror(errno)))")
        }
    }

    private static func removeDirectory(_ directory: String, _ run: RunDirectory, _ report: inout UndoReport) {
        guard let info = PrivateDirectory.entry(directory, in: run.descriptor) else {
            run.append(.removed(directory))
            return
        }
        var runInfo = stat()
        fstat(run.descriptor, &runInfo)
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_dev == runInfo.st_dev else {
            report.leftAlone.append("\(run.path(directory)): not a directory of this run; left alone")
            return
        }
        if directory == "tmp" {
            removeContents(of: directory, in: run.descriptor, device: runInfo.st_dev)
        } else if !hasMount(atOrBelow: run.path(directory)) {
            removeWrittenWhileUnmounted(directory, run, device: runInfo.st_dev, &report)
        }
        if unlinkat(run.descriptor, directory, AT_REMOVEDIR) == 0 {
            run.append(.removed(directory))
        } else {
            report.leftAlone.append("\(run.path(directory)): \(String(cString: strerror(errno))); left alone")
        }
    }

    /// Whether anything is mounted at `path` or below it.
    private static func hasMount(atOrBelow path: String) -> Bool {
        MountTable.entries().contains { $0.mountPoint == path || $0.mountPoint.hasPrefix(path + "/") }
    }

    /// Removes what was written into a mount point of this run while nothing was mounted on it.
    ///
    /// Only root can write there (a root-owned directory inside the private run directory), so what it
    /// holds was written through it by this run: a probe or a tool (or, after a SIGKILL, an orphaned
    /// tool) that was still working when the filesystem was unmounted under it, and so wrote into the
    /// bare directory instead. Like `tmp`, it is removed without following symlinks or leaving the
    /// run directory's filesystem; the caller has checked that nothing is mounted at or below it.
    private static func removeWrittenWhileUnmounted(
        _ directory: String, _ run: RunDirectory, device: dev_t, _ report: inout UndoReport
    ) {
        let descriptor = openat(run.descriptor, directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let entries = RunDirectory.entryNames(descriptor)
        close(descriptor)
        guard !entries.isEmpty else { return }
        removeContents(of: directory, in: run.descriptor, device: device)
        report.undone.append(
            "removed what was written into \(run.path(directory)) while it was not mounted: "
                + entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : ""))
    }

    /// Removes everything below `name` (opened without following symlinks, never crossing into
    /// another filesystem), depth first.
    static func removeContents(of name: String, in parent: Int32, device: dev_t, depth: Int = 0) {
        guard depth < 32 else { return }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_dev == device else { return }
        for entry in RunDirectory.entryNames(descriptor) {
            guard let entryInfo = PrivateDirectory.entry(entry, in: descriptor) else { continue }
            if entryInfo.st_mode & S_IFMT == S_IFDIR {
                removeContents(of: entry, in: descriptor, device: device, depth: depth + 1)
                unlinkat(descriptor, entry, AT_REMOVEDIR)
            } else {
                unlinkat(descriptor, entry, 0)
            }
        }
    }
}
