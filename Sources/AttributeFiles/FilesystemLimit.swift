// Sources/AttributeFiles/FilesystemLimit.swift - How large a value the filesystem holding a path accepts

import DocumentSource

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The filesystem that holds a path, and the largest attribute value it stores for a name.
public struct FilesystemLimit: Hashable, Sendable, CustomStringConvertible {
    /// What it is, for messages: `ext4 (1024-byte blocks)`, `btrfs (16384-byte nodes)`, `tmpfs`, …
    public var filesystem: String
    /// The largest value for the name, or nil when unknown (then the write is tried and errno mapped).
    public var maximumValueSize: Int?
    /// False when the limit rests on an assumption (ext4's `ea_inode` feature could not be read, as
    /// happens when not root): a larger value is then tried, and `ENOSPC` reported with the limit.
    public var isCertain: Bool

    public init(filesystem: String, maximumValueSize: Int? = nil, isCertain: Bool = true) {
        self.filesystem = filesystem
        self.maximumValueSize = maximumValueSize
        self.isCertain = isCertain
    }

    public var description: String {
        filesystem
            + (maximumValueSize.map { ", at most \($0) bytes per value" + (isCertain ? "" : " unless ea_inode") }
                ?? ", limit unknown")
    }

    /// The limit for attribute `name` on the filesystem holding `path`: its type and source device from
    /// `/proc/self/mountinfo` (matched on `stat(2)`'s device), its geometry from `statvfs(2)` (ext4 block
    /// size), the ext4 superblock (`ea_inode`, root only) and `/sys/fs/btrfs` (node size).
    public static func of(path: String, name: String) -> FilesystemLimit {
        of(path: BytePath(path), name: name)
    }

    /// `of(path:name:)` for a path given as bytes.
    public static func of(path: BytePath, name: String) -> FilesystemLimit {
        #if os(Linux)
            guard let mount = MountTable.entry(containing: path) else {
                return FilesystemLimit(filesystem: "unknown filesystem")
            }
            switch mount.type {
            case "ext4", "ext3", "ext2":
                var info = statvfs()
                guard path.withCString({ statvfs($0, &info) }) == 0 else {
                    return FilesystemLimit(filesystem: mount.type)
                }
                let blockSize = Int(info.f_bsize)
                let largeValues = Ext4Superblock.hasLargeValues(device: mount.source)
                if largeValues == true {
                    return FilesystemLimit(
                        filesystem: "\(mount.type) (\(blockSize)-byte blocks, ea_inode)",
                        maximumValueSize: AttributeSizeLimits.linuxMaximum)
                }
                return FilesystemLimit(
                    filesystem: "\(mount.type) (\(blockSize)-byte blocks)",
                    maximumValueSize: AttributeSizeLimits.ext4(blockSize: blockSize, name: name),
                    isCertain: largeValues != nil)
            case "btrfs":
                guard let nodeSize = BtrfsInfo.nodeSize(device: mount.source) else {
                    return FilesystemLimit(filesystem: "btrfs (node size unknown)")
                }
                return FilesystemLimit(
                    filesystem: "btrfs (\(nodeSize)-byte nodes)",
                    maximumValueSize: AttributeSizeLimits.btrfs(nodeSize: nodeSize, name: name))
            case "xfs", "tmpfs":
                return FilesystemLimit(filesystem: mount.type, maximumValueSize: AttributeSizeLimits.linuxMaximum)
            default:
                return FilesystemLimit(filesystem: mount.type)
            }
        #else
            return FilesystemLimit(filesystem: "unknown filesystem")
        #endif
    }
}

#if os(Linux)
    /// One line of `/proc/self/mountinfo`: the filesystem type and the mount source. The one answer to
    /// "which filesystem is this path on" (the attribute limit, the conformance provenance).
    public struct MountTable: Hashable, Sendable {
        public var type: String
        public var source: String

        /// The mount whose device is `stat(path).st_dev`; failing that (btrfs gives each subvolume its
        /// own anonymous device), the mount whose mount point is the longest prefix of the real path.
        public static func entry(containing path: String) -> MountTable? { entry(containing: BytePath(path)) }

        public static func entry(containing path: BytePath) -> MountTable? {
            var status = stat()
            guard path.withCString({ stat($0, &status) }) == 0 else { return nil }
            let device = deviceNumber(status.st_dev)
            guard let bytes = readFileBytes("/proc/self/mountinfo", offset: 0, count: 1 << 20) else { return nil }
            var best: (length: Int, entry: MountTable)?
            let resolved = realPath(path)
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                // id parent major:minor root mountpoint options [optional…] - type source superoptions
                let fields = line.split(separator: " ")
                guard fields.count > 4, let dash = fields.firstIndex(of: "-"), dash + 2 < fields.count else { continue }
                let entry = MountTable(type: String(fields[dash + 1]), source: MountField.unescape(fields[dash + 2]))
                if fields[2] == device { return entry }
                let mountPoint = MountField.unescape(fields[4])
                if let resolved,
                    resolved == mountPoint || resolved.hasPrefix(mountPoint == "/" ? "/" : mountPoint + "/"),
                    mountPoint.utf8.count >= best?.length ?? -1
                {
                    best = (mountPoint.utf8.count, entry)
                }
            }
            return best?.entry
        }

        /// `major:minor` of a device number, as the third field of /proc/self/mountinfo spells it (glibc's
        /// `major()`/`minor()` encoding: 12 + 20 bits of major, 8 + 24 bits of minor).
        static func deviceNumber(_ device: dev_t) -> String { "\(major(device)):\(minor(device))" }

        private static func realPath(_ path: BytePath) -> String? {
            guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }

    /// Reads the ext4 superblock of a device (root only) for the `ea_inode` feature.
    enum Ext4Superblock {
        static let eaInodeFeature: UInt32 = 0x0400  // EXT4_FEATURE_INCOMPAT_EA_INODE

        /// Whether the filesystem stores large values in their own inodes; nil when it cannot tell
        /// (the device is not readable, e.g. not root).
        static func hasLargeValues(device: String) -> Bool? {
            // The superblock starts at byte 1024; s_feature_incompat is at 0x60 within it.
            guard device.hasPrefix("/dev/"), let bytes = readFileBytes(device, offset: 1024 + 0x60, count: 4),
                bytes.count == 4
            else { return nil }
            let incompat = bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return incompat & eaInodeFeature != 0
        }
    }

    /// The btrfs node size, from `/sys/fs/btrfs/<fsid>/nodesize` of the filesystem on a device.
    enum BtrfsInfo {
        static func nodeSize(device: String) -> Int? {
            let deviceName = device.split(separator: "/").last.map(String.init) ?? device
            guard let directory = opendir("/sys/fs/btrfs") else { return nil }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                let base = "/sys/fs/btrfs/\(name)"
                guard access(base + "/devices/" + deviceName, F_OK) == 0,
                    let text = readFileBytes(base + "/nodesize", offset: 0, count: 64)
                else { continue }
                return Int(String(decoding: text.filter { (0x30...0x39).contains($0) }, as: UTF8.self))
            }
            return nil
        }
    }

    private func major(_ device: dev_t) -> UInt64 {
        (UInt64(device) >> 8) & 0xFFF | (UInt64(device) >> 32) & ~0xFFF
    }
    private func minor(_ device: dev_t) -> UInt64 { UInt64(device) & 0xFF | (UInt64(device) >> 12) & ~0xFF }

    /// `count` bytes of the file at `path` from `offset` (fewer at its end), read in chunks of at most 64 KiB with
    /// `pread(2)`; nil when it cannot be opened or nothing could be read.
    func readFileBytes(_ path: String, offset: Int, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(count, 1 << 16))
        while result.count < count {
            let want = min(chunk.count, count - result.count)
            let read = chunk.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, want, off_t(offset + result.count))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            result += chunk[0..<read]
        }
        return result.isEmpty ? nil : result
    }

#endif
