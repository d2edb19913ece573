// Sources/FilesystemHarness/MountTable.swift - The mounts of this process' namespace, from /proc/self/mountinfo

import AttributeFiles
import Foundation

/// One line of /proc/self/mountinfo.
struct MountTableEntry: Hashable, Sendable {
    /// Where it is mounted (escapes such as `\040` decoded).
    var mountPoint: String
    /// `st_dev` of files on it.
    var device: DeviceNumber
    /// The filesystem type (`ext4`, `tmpfs`).
    var type: String
    /// The mount source (`/dev/loop3`, or the name given to tmpfs).
    var source: String
}

enum MountTable {
    /// Every current mount, in mount order.
    static func entries() -> [MountTableEntry] {
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return [] }
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4, let device = DeviceNumber(fields[2]),
                let separator = fields.firstIndex(of: "-"), separator + 2 < fields.count
            else { return nil }
            return MountTableEntry(
                mountPoint: MountField.unescape(fields[4]), device: device, type: String(fields[separator + 1]),
                source: MountField.unescape(fields[separator + 2]))
        }
    }

    /// The mounts at exactly `path` (several when stacked).
    static func entries(at path: String) -> [MountTableEntry] { entries().filter { $0.mountPoint == path } }
}
