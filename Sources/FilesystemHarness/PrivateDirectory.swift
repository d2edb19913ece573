// Sources/FilesystemHarness/PrivateDirectory.swift - Root-only state directories, checked before they are trusted

import AttributeFiles
import Glibc

/// A state directory could not be made or is not trustworthy (owner, mode, symlink, path).
public struct MountSafetyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Device and inode: what a file *is*, as opposed to what it is called.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64
    public var description: String { "\(device):\(inode)" }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// Checks and opens directories that only root may write.
///
/// Every path is taken apart into components: it must be absolute, without `.`, `..`, empty
/// components or symlinks; each ancestor must belong to root and be writable by nobody else (or be
/// sticky, like /tmp or /run/lock, where nobody else can rename root's entries). The directory itself
/// is created with mode 0711 (`mkdir` fails when the name exists), opened with `O_NOFOLLOW`, and its
/// owner (this process' user) and mode (nobody else may list or change it; others may only pass
/// through, so a test can run a tool as `nobody` on a mount point) are checked on the open descriptor.
enum PrivateDirectory {
    /// Opens (creating when missing) the private directory `path`; the descriptor is close-on-exec.
    static func openOrCreate(_ path: String) throws(MountSafetyError) -> Int32 {
        try checkAncestors(path)
        if mkdir(path, 0o711) != 0 && errno != EEXIST {
            throw MountSafetyError("cannot create \(path): \(SystemErrno(rawValue: errno).description)")
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw MountSafetyError(
                "cannot open \(path) as a directory (not following symlinks): \(SystemErrno(rawValue: errno).description)"
            )
        }
        do {
            try checkPrivate(descriptor, path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// `path` is canonical and each of its ancestors is a root-owned directory nobody else may write.
    static func checkAncestors(_ path: String) throws(MountSafetyError) {
        let components = try canonicalComponents(path)
        var ancestor = ""
        try checkAncestor("/")
        for component in components.dropLast() {
            ancestor += "/" + component
            try checkAncestor(ancestor)
        }
    }

    /// The components of an absolute path written canonically (no `.`, `..`, `//`, trailing `/`).
    static func canonicalComponents(_ path: String) throws(MountSafetyError) -> [String] {
        guard path.hasPrefix("/"), path.count > 1, !path.hasSuffix("/") else {
            throw MountSafetyError("\(path) is not a canonical absolute path")
        }
        let components = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw MountSafetyError("\(path) is not a canonical absolute path")
        }
        return components
    }

    /// An ancestor: a real directory (not a symlink) owned by root, writable by nobody else unless sticky.
    private static func checkAncestor(_ path: String) throws(MountSafetyError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw MountSafetyError("cannot examine \(path): \(SystemErrno(rawValue: errno).description)")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw MountSafetyError("\(path) is not a directory (a symlink?); refusing to keep state below it")
        }
        let othersMayWrite = info.st_mode & 0o022 != 0
        let sticky = info.st_mode & S_ISVTX != 0
        guard info.st_uid == 0, !othersMayWrite || sticky else {
            throw MountSafetyError(
                "\(path) is owned by uid \(info.st_uid) with mode \(octal(info.st_mode)); "
                    + "refusing to keep state below it")
        }
    }

    /// The open directory belongs to this user, and nobody else may list or change it.
    static func checkPrivate(_ descriptor: Int32, _ path: String) throws(MountSafetyError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw MountSafetyError("\(path) is not a directory")
        }
        guard info.st_uid == geteuid(), info.st_mode & 0o066 == 0 else {
            throw MountSafetyError(
                "\(path) is owned by uid \(info.st_uid) with mode \(octal(info.st_mode)), "
                    + "not private to uid \(geteuid()) (0700 or 0711); refusing to trust it")
        }
    }

    /// A name of one entry the harness makes inside a run directory: letters, digits, `-`, `_`, `.`,
    /// not starting with `.`, at most 64 bytes. `..`, `/` and empty names never pass.
    static func isSafeName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 64 else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// `lstat` of `name` inside the directory `descriptor`, not following a symlink.
    static func entry(_ name: String, in descriptor: Int32) -> stat? {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    static func octal(_ mode: mode_t) -> String { "0" + String(mode & 0o7777, radix: 8) }
}
