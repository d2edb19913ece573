// Sources/FilesystemHarness/RunJournal.swift - What a run is about to make and has made, one line per step

/// One journal line. An intent (`directory`, `image`, `attach`, `mount`) is written *before* the step,
/// so a run killed in the middle of it still says what may exist; the outcome line follows the step.
///
/// Names are single entries of the run directory (`PrivateDirectory.isSafeName`); a line naming
/// anything else (a path, `..`) does not parse and is never acted on.
enum JournalRecord: Hashable, Sendable {
    /// About to make the (mount point) directory `name`.
    case directory(String)
    /// About to create the image file `name`.
    case image(String)
    /// The image exists with this device and inode.
    case imageIdentity(String, FileIdentity)
    /// About to attach the image `name` to a loop device.
    case attach(String)
    /// The image `name` is attached as `/dev/device` (`loop3`).
    case attached(String, device: String)
    /// About to mount `source` (`/dev/loop3`, or the tmpfs/ramfs source name) on the directory `name`.
    case mount(String, source: String)
    /// The directory `name` has a filesystem with this device number mounted on it.
    case mounted(String, device: DeviceNumber)
    /// The directory `name` is unmounted.
    case unmounted(String)
    /// The image `name` is no longer attached.
    case detached(String)
    /// The entry `name` (image or directory) is gone.
    case removed(String)

    var line: String {
        switch self {
        case .directory(let name): return "dir\t\(name)"
        case .image(let name): return "image\t\(name)"
        case .imageIdentity(let name, let identity): return "image-id\t\(name)\t\(identity.device)\t\(identity.inode)"
        case .attach(let name): return "attach\t\(name)"
        case .attached(let name, let device): return "attached\t\(name)\t\(device)"
        case .mount(let name, let source): return "mount\t\(name)\t\(source)"
        case .mounted(let name, let device): return "mounted\t\(name)\t\(device)"
        case .unmounted(let name): return "unmounted\t\(name)"
        case .detached(let name): return "detached\t\(name)"
        case .removed(let name): return "removed\t\(name)"
        }
    }

    /// Parses one line; nil for anything malformed or naming something outside the run directory.
    init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2, PrivateDirectory.isSafeName(fields[1]) else { return nil }
        let name = fields[1]
        switch (fields[0], fields.count) {
        case ("dir", 2): self = .directory(name)
        case ("image", 2): self = .image(name)
        case ("image-id", 4):
            guard let device = UInt64(fields[2]), let inode = UInt64(fields[3]) else { return nil }
            self = .imageIdentity(name, FileIdentity(device: device, inode: inode))
        case ("attach", 2): self = .attach(name)
        case ("attached", 3):
            guard Self.isLoopName(fields[2]) else { return nil }
            self = .attached(name, device: fields[2])
        case ("mount", 3):
            guard Self.isLoopPath(fields[2]) || PrivateDirectory.isSafeName(fields[2]) else { return nil }
            self = .mount(name, source: fields[2])
        case ("mounted", 3):
            guard let device = DeviceNumber(fields[2]) else { return nil }
            self = .mounted(name, device: device)
        case ("unmounted", 2): self = .unmounted(name)
        case ("detached", 2): self = .detached(name)
        case ("removed", 2): self = .removed(name)
        default: return nil
        }
    }

    /// `loop` followed by digits.
    static func isLoopName(_ name: String) -> Bool {
        name.hasPrefix("loop") && name.count > 4 && name.dropFirst(4).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `/dev/loop` followed by digits.
    static func isLoopPath(_ path: String) -> Bool { path.hasPrefix("/dev/") && isLoopName(String(path.dropFirst(5))) }
}

/// What a journal says still exists (or may exist), derived from its records in order.
struct JournalState: Sendable {
    /// Directories made (or about to be) and not removed, in order.
    var directories: [String] = []
    /// Images created (or about to be) and not removed, with their identity once known.
    var images: [(name: String, identity: FileIdentity?)] = []
    /// Images attached (or about to be) and not detached, with the device once known.
    var attachments: [(image: String, device: String?)] = []
    /// Mounts made (or about to be) and not unmounted, with the device number once known.
    var mounts: [(directory: String, source: String, device: DeviceNumber?)] = []

    init(_ records: [JournalRecord]) {
        for record in records {
            switch record {
            case .directory(let name): directories.append(name)
            case .image(let name): images.append((name, nil))
            case .imageIdentity(let name, let identity):
                if let index = images.lastIndex(where: { $0.name == name }) { images[index].identity = identity }
            case .attach(let name): attachments.append((name, nil))
            case .attached(let name, let device):
                if let index = attachments.lastIndex(where: { $0.image == name }) { attachments[index].device = device }
            case .mount(let name, let source): mounts.append((name, source, nil))
            case .mounted(let name, let device):
                if let index = mounts.lastIndex(where: { $0.directory == name }) { mounts[index].device = device }
            case .unmounted(let name): mounts.removeAll { $0.directory == name }
            case .detached(let name): attachments.removeAll { $0.image == name }
            case .removed(let name):
                directories.removeAll { $0 == name }
                images.removeAll { $0.name == name }
            }
        }
    }

    var isEmpty: Bool { directories.isEmpty && images.isEmpty && attachments.isEmpty && mounts.isEmpty }
}
