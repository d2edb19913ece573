// Sources/FilesystemHarness/Mounts.swift - Scratch filesystems: sparse image, mkfs, loop mount, always torn down

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

    /// Runs `body` with a fresh empty directory under /tmp, removed afterwards with all it holds.
    public static func withTemporaryDirectory<T>(
        prefix: String = "xds", _ body: (String) throws -> T
    ) throws -> T {
        let directory = "/tmp/\(prefix)-\(UUID().uuidString.prefix(8).lowercased())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Creates a `kind` filesystem of `sizeMiB` (raised to the kind's minimum), mounts it, runs `body`,
    /// then unmounts, detaches the loop device and deletes the image, even when `body` throws.
    /// - Parameter options: extra `mount -o` options (e.g. `nr_inodes=256` for tmpfs).
    public static func withMountedFilesystem<T>(
        _ kind: FilesystemKind, sizeMiB: Int = 8, options: [String] = [], _ body: (MountedFilesystem) throws -> T
    ) throws -> T {
        let size = max(sizeMiB, kind.minimumSizeMiB)
        return try withTemporaryDirectory(prefix: "xds-mount") { directory in
            let mountPoint = directory + "/mnt"
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
            guard kind.needsImage else {
                var memoryOptions = options
                if kind == .tmpfs { memoryOptions.insert("size=\(size)m", at: 0) }
                var arguments = ["-t", kind.typeName]
                if !memoryOptions.isEmpty { arguments += ["-o", memoryOptions.joined(separator: ",")] }
                try HostCommand.run("mount", arguments + ["xds-\(kind.typeName)", mountPoint])
                defer { unmount(mountPoint) }
                return try body(MountedFilesystem(kind: kind, mountPoint: mountPoint, sizeMiB: size))
            }
            let image = directory + "/image"
            try createSparseFile(image, bytes: UInt64(size) << 20)
            if let mkfs = kind.mkfsCommand(image: image) { try HostCommand.run(mkfs.tool, mkfs.arguments) }
            let device = try HostCommand.run("losetup", ["--find", "--show", image])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            defer { detach(device) }
            var arguments = ["-t", kind.typeName]
            if !options.isEmpty { arguments += ["-o", options.joined(separator: ",")] }
            try HostCommand.run("mount", arguments + [device, mountPoint])
            defer { unmount(mountPoint) }
            return try body(
                MountedFilesystem(
                    kind: kind, mountPoint: mountPoint, imagePath: image, loopDevice: device, sizeMiB: size))
        }
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

    /// Detaches a loop device and waits (bounded) until the kernel has let go of its backing file:
    /// the kernel defers the detach while something (udev, blkid) still holds the device open.
    static func detach(_ device: String) {
        _ = try? HostCommand.run("losetup", ["-d", device])
        let backingFile = "/sys/block/\(device.split(separator: "/").last ?? "")/loop/backing_file"
        for _ in 0..<250 where FileManager.default.fileExists(atPath: backingFile) {
            usleep(20_000)
        }
    }

    private static func createSparseFile(_ path: String, bytes: UInt64) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw HostCommandError(commandLine: "create \(path)", status: nil, message: "cannot create the image") }
        defer { try? handle.close() }
        try handle.truncate(atOffset: bytes)
    }
}
