// Sources/FilesystemHarness/LimitFormula.swift - The size limit the reference writer assumes for a filesystem

/// The largest value the reference writer believes a filesystem accepts for one attribute name.
///
/// ext4 `blocksize − 32 − ((len(name without "user.") + 19) & ~3) − 4`, btrfs
/// `nodesize − 156 − len(full name)`, xfs and tmpfs 65,536, never above the VFS 65,536;
/// `nil` when the writer has no formula (it then tries and maps the errno).
enum LimitFormula {
    /// The VFS ceiling (`XATTR_SIZE_MAX`).
    static let vfsMaximum = 65_536

    static func limit(for geometry: FilesystemGeometry, name: String) -> Int? {
        let fullLength = name.utf8.count
        let suffixLength = name.hasPrefix("user.") ? fullLength - 5 : fullLength
        switch geometry.type {
        case "ext4":
            return min(vfsMaximum, geometry.blockSize - 32 - ((suffixLength + 19) & ~3) - 4)
        case "btrfs":
            guard let nodeSize = geometry.nodeSize else { return nil }
            return min(vfsMaximum, nodeSize - 156 - fullLength)
        case "xfs", "tmpfs":
            return vfsMaximum
        default:
            return nil
        }
    }
}
