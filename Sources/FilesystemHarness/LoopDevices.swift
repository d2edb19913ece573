// Sources/FilesystemHarness/LoopDevices.swift - Loop devices found and detached by their backing file's identity

import Glibc

/// A device number as major:minor (the form /proc/self/mountinfo and the journal use).
public struct DeviceNumber: Hashable, Sendable, CustomStringConvertible {
    public var major: UInt32
    public var minor: UInt32
    public var description: String { "\(major):\(minor)" }

    public init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// From a `dev_t` as glibc's `stat` returns it.
    init(userspace dev: UInt64) {
        major = UInt32(truncatingIfNeeded: ((dev >> 8) & 0xfff) | ((dev >> 32) & ~UInt64(0xfff)))
        minor = UInt32(truncatingIfNeeded: (dev & 0xff) | ((dev >> 12) & ~UInt64(0xff)))
    }

    /// From the kernel's `new_encode_dev` form (`loop_info64.lo_device`).
    init(kernel dev: UInt64) {
        major = UInt32(truncatingIfNeeded: (dev & 0xfff00) >> 8)
        minor = UInt32(truncatingIfNeeded: (dev & 0xff) | ((dev >> 12) & 0xfff00))
    }

    /// Parses `major:minor`.
    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let major = UInt32(parts[0]), let minor = UInt32(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }
}

/// Attached loop devices, read through `LOOP_GET_STATUS64` on the device itself.
enum LoopDevices {
    private static let getStatus64: UInt = 0x4C05
    private static let clearDescriptor: UInt = 0x4C01
    /// `sizeof(struct loop_info64)`; `lo_device` at offset 0, `lo_inode` at 8.
    private static let statusSize = 232

    /// The backing file (device of its filesystem, inode) of an open loop device, nil when unattached.
    private static func backing(_ descriptor: Int32) -> (device: DeviceNumber, inode: UInt64)? {
        var status = [UInt8](repeating: 0, count: statusSize)
        let result = status.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return ioctl(descriptor, getStatus64, base)
        }
        guard result == 0 else { return nil }
        let words = status.withUnsafeBytes {
            ($0.load(fromByteOffset: 0, as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self))
        }
        return (DeviceNumber(kernel: words.0), words.1)
    }

    /// The names (`loop3`) of the loop devices currently attached (those with a `loop/backing_file`).
    static func attachedNames() -> [String] {
        guard let directory = opendir("/sys/block") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("loop"), UInt32(name.dropFirst(4)) != nil else { continue }
            if access("/sys/block/\(name)/loop/backing_file", F_OK) == 0 { names.append(name) }
        }
        return names.sorted()
    }

    /// The path of `/dev/name`'s backing file as the kernel reports it (`/sys/block/name/loop/backing_file`,
    /// which ends in ` (deleted)` once the file is unlinked); nil when unattached.
    static func backingPath(_ name: String) -> String? {
        guard let bytes = readSmallFile("/sys/block/\(name)/loop/backing_file") else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Whether `/dev/name` (open as `descriptor`) is backed by `image`: the file's device and inode, and its
    /// path. Identity alone is not enough: once the image is gone, its inode number can be reused by another
    /// run's image on the same filesystem, whose device must not be taken for this one's.
    private static func isBacked(_ name: String, _ descriptor: Int32, by image: FileIdentity, at path: String) -> Bool {
        guard let found = backing(descriptor), found.inode == image.inode,
            found.device == DeviceNumber(userspace: image.device), let backingPath = backingPath(name)
        else { return false }
        return backingPath == path || backingPath == path + " (deleted)"
    }

    /// The attached loop devices whose backing file is `image` (device and inode) at `path`, by name.
    static func backedBy(_ image: FileIdentity, at path: String) -> [String] {
        attachedNames().filter { name in
            let descriptor = open("/dev/\(name)", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return isBacked(name, descriptor, by: image, at: path)
        }
    }

    /// Detaches `/dev/name` if (checked on the open device) its backing file is still `image` at `path`,
    /// then waits (bounded, 5 s) until the kernel has let go: a device still in use (a lazily unmounted
    /// filesystem) is detached when its last user closes it.
    /// - Returns: true when the device no longer has that backing file.
    @discardableResult
    static func detach(_ name: String, ifBackedBy image: FileIdentity, at path: String) -> Bool {
        let descriptor = open("/dev/\(name)", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        if isBacked(name, descriptor, by: image, at: path) { _ = ioctl(descriptor, clearDescriptor) }
        close(descriptor)
        for _ in 0..<250 {
            if !backedBy(image, at: path).contains(name) { return true }
            usleep(20_000)
        }
        return false
    }

    /// A small file's bytes (sysfs gives its files' sizes as 4096, so read to the end); nil when unreadable
    /// (the device was detached meanwhile).
    private static func readSmallFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
