// Sources/IconLoading/Cache/CacheDirectory.swift - The cache directory opened safely: ours, not writable by others

import AttributeFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Why the cache directory or an entry is not trusted (Docs/icons.md, "Cache": trust).
public struct CacheTrustError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var detail: String
    public var description: String { "cache \(path): \(detail)" }
}

/// An open descriptor of the cache directory, checked as ssh checks its own files: a real directory
/// (not a symlink), owned by this user, writable by no one else. Every entry is then opened relative
/// to it, so a symlink swapped in after the check is never followed.
final class CacheDirectory {
    let descriptor: Int32
    let display: String

    private init(descriptor: Int32, display: String) {
        self.descriptor = descriptor
        self.display = display
    }

    deinit { close(descriptor) }

    /// Opens `path`; nil when it does not exist.
    static func open(_ path: BytePath) throws(CacheTrustError) -> CacheDirectory? {
        guard !path.containsNUL else { throw CacheTrustError(path: path.description, detail: "the path holds a NUL") }
        let descriptor = path.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            let detail = errno == ELOOP || errno == ENOTDIR ? "not a directory (or a symlink to one)" : Self.errorText()
            throw CacheTrustError(path: path.description, detail: detail)
        }
        let directory = CacheDirectory(descriptor: descriptor, display: path.description)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw directory.failure(errorText()) }
        if let problem = Self.ownershipProblem(status) { throw directory.failure(problem) }
        return directory
    }

    /// Creates `path` (and missing parents) with mode 0700, then opens it.
    static func create(_ path: BytePath) throws(CacheTrustError) -> CacheDirectory {
        var prefix: [UInt8] = []
        for (index, byte) in path.bytes.enumerated() {
            if byte == UInt8(ascii: "/") && index > 0 { makeOne(BytePath(bytes: prefix)) }
            prefix.append(byte)
        }
        makeOne(path)
        guard let directory = try open(path) else {
            throw CacheTrustError(path: path.description, detail: "cannot create: \(errorText())")
        }
        return directory
    }

    private static func makeOne(_ path: BytePath) {
        _ = path.withCString { mkdir($0, 0o700) }
    }

    /// Why a file or directory with this status is not trusted, or nil.
    static func ownershipProblem(_ status: stat) -> String? {
        if status.st_uid != geteuid() {
            return "owned by uid \(status.st_uid), not by this user (uid \(geteuid())); not used"
        }
        if status.st_mode & 0o022 != 0 {
            return "writable by group or others (mode \(String(status.st_mode & 0o7777, radix: 8))); not used"
        }
        return nil
    }

    func failure(_ detail: String) -> CacheTrustError { CacheTrustError(path: display, detail: detail) }

    func entryDisplay(_ name: String) -> String { display + "/" + name }

    static func errorText() -> String { SystemErrno(rawValue: errno).systemMessage }

    /// The names in the directory (not `.` and `..`), read through a duplicate of the descriptor.
    func names() throws(CacheTrustError) -> [String] {
        let duplicate = dup(descriptor)
        guard duplicate >= 0, let stream = fdopendir(duplicate) else {
            if duplicate >= 0 { close(duplicate) }
            throw failure(Self.errorText())
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return String(decoding: bytes, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
