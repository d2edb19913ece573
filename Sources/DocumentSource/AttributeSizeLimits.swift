// Sources/DocumentSource/AttributeSizeLimits.swift - The largest value each filesystem stores for a name

/// Per-filesystem limits on one extended attribute's value, from the kernel's structures
/// (measured in `research/xattr-filesystems.md` §1).
public enum AttributeSizeLimits {
    /// The Linux VFS limit on any value (`XATTR_SIZE_MAX`); also xfs's and tmpfs's per-value limit.
    public static let linuxMaximum = 65536
    /// macOS's limit on an attribute name, in UTF-8 bytes (`XATTR_MAXNAMELEN`).
    public static let macOSMaximumNameBytes = 127

    /// ext4 without `ea_inode`: the value must fit whole into one xattr block:
    /// `blocksize − 32 (header) − ((n + 16 + 3) & ~3) (entry) − 4 (end marker)`, where `n` is the name's
    /// length without `user.` (ext4 stores the namespace as an index byte).
    public static func ext4(blockSize: Int, name: String) -> Int {
        let suffix = name.hasPrefix("user.") ? name.utf8.count - 5 : name.utf8.count
        return blockSize - 32 - ((suffix + 19) & ~3) - 4
    }

    /// btrfs: `len(full name) + value ≤ nodesize − 156` (header, item and dir item).
    public static func btrfs(nodeSize: Int, name: String) -> Int {
        nodeSize - 156 - name.utf8.count
    }

    /// A filesystem configuration the validator reports portability against.
    public struct Target: Hashable, Sendable {
        /// A stable identifier: `ext4-1k`, `ext4-4k`, `btrfs-16k`, `xfs`, `tmpfs`.
        public var id: String
        /// For people: `ext4, 1 KiB blocks`.
        public var label: String
        /// The largest value that fits with the given name.
        public var limit: Int
    }

    /// The configurations `xds validate` reports on, for attribute `name` (Linux spelling).
    public static func portabilityTargets(name: String) -> [Target] {
        [
            Target(id: "ext4-1k", label: "ext4, 1 KiB blocks", limit: ext4(blockSize: 1024, name: name)),
            Target(id: "ext4-4k", label: "ext4, 4 KiB blocks", limit: ext4(blockSize: 4096, name: name)),
            Target(id: "btrfs-16k", label: "btrfs, 16 KiB nodes", limit: btrfs(nodeSize: 16384, name: name)),
            Target(id: "xfs", label: "xfs", limit: linuxMaximum),
            Target(id: "tmpfs", label: "tmpfs", limit: linuxMaximum),
        ]
    }
}
