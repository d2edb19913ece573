// Sources/FilesystemHarness/Mounts.swift - Scratch filesystems: sparse image, mkfs, loop mount, always torn down

import ChildProcess
import Foundation

/// A filesystem the harness can create and mount.
public enum FilesystemKind: Hashable, Sendable, CustomStringConvertible {
    /// ext4 with `-b blockSize -I inodeSize` and extra `-O` features (e.g. `ea_inode`, `^has_journal`).
    case ext4(blockSize: Int = 4096, inodeSize: Int = 256, features: [String] = [])
    /// xfs v5 with defaults (512-byte inodes, 4 KiB blocks).
    case xfs
    /// btrfs with `-n nodeSize`.
    case btrfs(nodeSize: Int = 16384)
    /// tmpfs (`size=` the image size; it does not bound xattrs).
    case tmpfs
    /// ramfs: no extended attributes at all (EOPNOTSUPP).
    case ramfs

    /// Whether it lives on a loop-mounted image file.
    public var needsImage: Bool {
        switch self {
        case .ext4, .xfs, .btrfs: return true
        case .tmpfs, .ramfs: return false
        }
    }

    /// The smallest image its mkfs accepts (xfsprogs ≥ 5.19 refuses under 300 MB), in MiB.
    public var minimumSizeMiB: Int {
        switch self {
        case .xfs: return 300
        case .btrfs: return 128
        default: return 1
        }
    }

    /// The `mount -t` type.
    public var typeName: String {
        switch self {
        case .ext4: return "ext4"
        case .xfs: return "xfs"
        case .btrfs: return "btrfs"
        case .tmpfs: return "tmpfs"
        case .ramfs: return "ramfs"
        }
    }

    public var description: String {
        switch self {
        case let .ext4(block, inode, features):
            let extra = features.isEmpty ? "" : ", -O \(features.joined(separator: ","))"
            return "ext4 (\(block)-byte blocks, \(inode)-byte inodes\(extra))"
        case .xfs: return "xfs"
        case let .btrfs(node): return "btrfs (\(node)-byte nodes)"
        case .tmpfs: return "tmpfs"
        case .ramfs: return "ramfs"
        }
    }

    /// The mkfs command line for `image`.
    func mkfsCommand(image: String) -> (tool: String, arguments: [String])? {
        switch self {
        case let .ext4(block, inode, features):
            var arguments = ["-q", "-F", "-b", "\(block)", "-I", "\(inode)"]
            if !features.isEmpty { arguments += ["-O", features.joined(separator: ",")] }
            return ("mkfs.ext4", arguments + [image])
        case .xfs: return ("mkfs.xfs", ["-q", "-f", image])
        case let .btrfs(node): return ("mkfs.btrfs", ["-q", "-f", "-n", "\(node)", image])
        case .tmpfs, .ramfs: return nil
        }
    }
}

/// A filesystem mounted for the duration of a `withMountedFilesystem` body.
public struct MountedFilesystem: Hashable, Sendable {
    public var kind: FilesystemKind
    /// Where it is mounted (an empty directory at first, except for `lost+found` on ext4).
    public var mountPoint: String
    /// The sparse image file, for image-backed kinds.
    public var imagePath: String?
    /// The loop device, for image-backed kinds.
    public var loopDevice: String?
    /// The image (or tmpfs) size in MiB.
    public var sizeMiB: Int

    /// `mountPoint/relative`.
    public func path(_ relative: String) -> String { mountPoint + "/" + relative }
}

/// Mounting real filesystems: loop devices, tmpfs, ramfs, read-only bind mounts. Needs root.
///
/// Every helper tears down what it set up (unmount, detach the loop device, delete the image and its
/// directory) in a `defer`, so even a body that throws leaves nothing mounted.
public enum Mounts {
    /// Whether this process can mount: it is root, and loop devices and the mount tools are there.
    public static var canMount: Bool {
        getuid() == 0 && geteuid() == 0 && FileManager.default.fileExists(atPath: "/dev/loop-control")
            && HostCommand.locate("losetup") != nil && HostCommand.locate("mount") != nil
    }

    /// `XDS_REQUIRE_MOUNTS=1` (CI): a mount test must fail rather than skip.
    public static var mountsRequired: Bool { ProcessInfo.processInfo.environment["XDS_REQUIRE_MOUNTS"] == "1" }

    /// Whether a mount test should run: it can mount, or it must (and will then fail loudly).
    public static var testsShouldRun: Bool { canMount || mountsRequired }

    /// The reason a mount test is skipped.
    public static let skipReason =
        "skipped: mounting needs root and loop devices (/dev/loop-control); run as root, "
        + "or set XDS_REQUIRE_MOUNTS=1 to make this a failure instead of a skip"

    /// Runs `body` with a fresh empty private directory (`mkdtemp`: mode 0700, unpredictable name)
    /// under /tmp, removed afterwards with all it holds.
    public static func withTemporaryDirectory<T>(
        prefix: String = "xds", _ body: (String) throws -> T
    ) throws -> T {
        guard let directory = TemporaryDirectory.make(in: "/tmp", name: prefix + "-") else {
            throw HostCommandError(commandLine: "mkdtemp /tmp/\(prefix)-XXXXXX", status: nil, message: "failed")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Creates a `kind` filesystem of `sizeMiB` (raised to the kind's minimum) in a private run
    /// directory of its own (`MountSession`), mounts it, runs `body`, then unmounts, detaches the loop
    /// device and deletes the image and the run directory, even when `body` throws.
    /// - Parameter options: mount data (e.g. `nr_inodes=256` for tmpfs).
    public static func withMountedFilesystem<T>(
        _ kind: FilesystemKind, sizeMiB: Int = 8, options: [String] = [], _ body: (MountedFilesystem) throws -> T
    ) throws -> T {
        let session = try MountSession()
        defer {
            for line in session.finish().leftAlone {
                FileHandle.standardError.write(Data("Mounts: left alone: \(line)\n".utf8))
            }
        }
        let mounted = try session.mount(kind, label: kind.typeName, sizeMiB: sizeMiB, options: options)
        return try body(mounted)
    }

    /// Bind-mounts `source` read-only at a fresh directory and runs `body` with that path; unmounts after.
    public static func withReadOnlyBindMount<T>(of source: String, _ body: (String) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "xds-robind") { directory in
            let target = directory + "/ro"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            try HostCommand.run("mount", ["--bind", source, target])
            defer { unmount(target) }
            try HostCommand.run("mount", ["-o", "remount,bind,ro", target])
            return try body(target)
        }
    }

    /// Unmounts `mountPoint`; when it is busy, detaches it lazily so nothing stays mounted.
    static func unmount(_ mountPoint: String) {
        do {
            try HostCommand.run("umount", [mountPoint])
        } catch {
            _ = try? HostCommand.run("umount", ["-l", mountPoint])
        }
    }
}
