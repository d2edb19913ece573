// Sources/FilesystemHarness/FilesystemGeometry.swift - What statfs (and btrfs' FS_INFO) say about a directory

import AttributeFiles
import CAttr
import Glibc

/// The filesystem that holds a directory, as `statfs(2)` reports it.
public struct FilesystemGeometry: Codable, Hashable, Sendable {
    /// `f_type` as a hexadecimal string, e.g. `0xef53`.
    public var magic: String
    /// A name for the magic number: `ext4`, `xfs`, `btrfs`, `tmpfs`, `ramfs`, … or `unknown`.
    public var type: String
    /// `f_bsize`: the block size (btrfs: the sector size).
    public var blockSize: Int
    /// btrfs only: the node (leaf) size, which bounds a value and its name.
    public var nodeSize: Int?
    /// Free bytes for an unprivileged user (`f_bavail × f_bsize`).
    public var freeBytes: Int
    /// Total bytes (`f_blocks × f_bsize`).
    public var totalBytes: Int

    /// The known `f_type` values (linux/magic.h).
    static let names: [Int: String] = [
        0xEF53: "ext4", 0x5846_5342: "xfs", 0x9123_683E: "btrfs", 0x0102_1994: "tmpfs",
        0x8584_58F6: "ramfs", 0x794C_7630: "overlayfs", 0x6969: "nfs", 0x6573_5546: "fuse",
        0x4D44: "vfat", 0x5346_544E: "ntfs", 0xF2F5_2010: "f2fs", 0x2FC1_2FC1: "zfs",
        0xCA45_1A4E: "bcachefs", 0x0000_9FA0: "proc", 0x6265_6572: "sysfs",
    ]

    /// Reads the geometry of the filesystem holding `path`.
    /// - Throws: the errno of `statfs(2)`.
    public static func of(_ path: String) throws(ProbeFailure) -> FilesystemGeometry {
        var info = statfs()
        guard statfs(path, &info) == 0 else {
            throw ProbeFailure("statfs \(path): \(SystemErrno(rawValue: errno).description)")
        }
        let magic = Int(UInt32(truncatingIfNeeded: info.f_type))
        let type = names[magic] ?? "unknown"
        let blockSize = Int(info.f_bsize)
        return FilesystemGeometry(
            magic: "0x" + String(magic, radix: 16), type: type, blockSize: blockSize,
            nodeSize: type == "btrfs" ? btrfsNodeSize(path) : nil,
            freeBytes: Int(info.f_bavail) * blockSize, totalBytes: Int(info.f_blocks) * blockSize)
    }

    /// `BTRFS_IOC_FS_INFO` (no privilege needed): `nodesize` sits at byte 32 of the 1024-byte reply.
    static func btrfsNodeSize(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var reply = [UInt8](repeating: 0, count: 1024)
        // _IOR(0x94, 31, struct btrfs_ioctl_fs_info_args): read, size 1024.
        let request: UInt = (2 << 30) | (1024 << 16) | (0x94 << 8) | 31
        let status = reply.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return ioctl(descriptor, request, base)
        }
        guard status == 0 else { return nil }
        let size = (0..<4).reduce(0) { $0 | Int(reply[32 + $1]) << (8 * $1) }
        return size > 0 ? size : nil
    }
}

/// A probe or matrix step that could not run (as opposed to a measured errno).
public struct ProbeFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
