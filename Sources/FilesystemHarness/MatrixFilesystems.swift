// Sources/FilesystemHarness/MatrixFilesystems.swift - The filesystems `make fs` creates, all mounted at once

import Foundation
import Glibc

/// One filesystem of the matrix: a label used in reports, the kind and size given to `Mounts`.
public struct MatrixFilesystem: Hashable, Sendable {
    public var label: String
    public var kind: FilesystemKind
    public var sizeMiB: Int
    /// The mkfs or mount options, for the report's provenance.
    public var options: String

    /// ext4 4 KiB, ext4 1 KiB, ext4 ea_inode, ext4 128-byte inodes, xfs, btrfs 16 KiB, tmpfs, ramfs.
    public static let all: [MatrixFilesystem] = [
        MatrixFilesystem(label: "ext4-4k", kind: .ext4(), sizeMiB: 64, options: "mkfs.ext4 -b 4096 -I 256"),
        MatrixFilesystem(
            label: "ext4-1k", kind: .ext4(blockSize: 1024), sizeMiB: 64, options: "mkfs.ext4 -b 1024 -I 256"),
        MatrixFilesystem(
            label: "ext4-ea-inode", kind: .ext4(features: ["ea_inode"]), sizeMiB: 64,
            options: "mkfs.ext4 -b 4096 -I 256 -O ea_inode"),
        MatrixFilesystem(
            label: "ext4-inode-128", kind: .ext4(inodeSize: 128), sizeMiB: 64, options: "mkfs.ext4 -b 4096 -I 128"),
        MatrixFilesystem(label: "xfs", kind: .xfs, sizeMiB: 300, options: "mkfs.xfs (defaults: v5, 512-byte inodes)"),
        MatrixFilesystem(
            label: "btrfs-16k", kind: .btrfs(nodeSize: 16384), sizeMiB: 128, options: "mkfs.btrfs -n 16384"),
        MatrixFilesystem(label: "tmpfs", kind: .tmpfs, sizeMiB: 64, options: "mount -t tmpfs -o size=64m"),
        MatrixFilesystem(label: "ramfs", kind: .ramfs, sizeMiB: 1, options: "mount -t ramfs (no user xattrs)"),
    ]
}

/// A matrix filesystem while it is mounted.
public struct MountedMatrixFilesystem: Sendable {
    public var spec: MatrixFilesystem
    public var mount: MountedFilesystem
    public var path: String { mount.mountPoint }
}

extension MatrixFilesystem {
    /// Mounts every filesystem in `specs` in one private run directory (`MountSession`), calls
    /// `registered` as each mount appears, then runs `body` with the mounted ones and, by label, why the
    /// others could not be made or mounted (a missing mkfs or module). Everything is undone afterwards,
    /// newest first, even when `body` throws. `redirectingTemporaryFiles` points `TMPDIR` into the run
    /// directory for the rest of the process.
    public static func withAllMounted<T>(
        _ specs: [MatrixFilesystem], base: String = MountSession.defaultBase, redirectingTemporaryFiles: Bool = false,
        registered: (MountedFilesystem) -> Void,
        _ body: ([MountedMatrixFilesystem], [String: String]) throws -> T
    ) throws -> T {
        let session = try MountSession(base: base)
        let temporaryDirectory = getenv("TMPDIR").map { String(cString: $0) }
        defer {
            if redirectingTemporaryFiles {
                if let temporaryDirectory { setenv("TMPDIR", temporaryDirectory, 1) } else { unsetenv("TMPDIR") }
            }
            for line in session.finish().leftAlone {
                FileHandle.standardError.write(Data("left alone: \(line)\n".utf8))
            }
        }
        if redirectingTemporaryFiles, let scratch = try? session.scratchDirectory() {
            // The temporary files of the tools and of `HostCommand`/`ToolRun` go into the run directory,
            // so that a signal leaves none of them behind either (a whole-process setting: commands only).
            setenv("TMPDIR", scratch, 1)
        }
        var mounted: [MountedMatrixFilesystem] = []
        var failed: [String: String] = [:]
        for spec in specs {
            do {
                let mount = try session.mount(spec.kind, label: spec.label, sizeMiB: spec.sizeMiB)
                registered(mount)
                mounted.append(MountedMatrixFilesystem(spec: spec, mount: mount))
            } catch {
                failed[spec.label] = "\(error)"
            }
        }
        return try body(mounted, failed)
    }
}
