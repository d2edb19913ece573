// Sources/IconLoading/Cache/IconCacheStore.swift - Entries on disk: checked ownership, checksummed, written atomically

import AttributeFiles
import Foundation

/// What loading an entry found.
public enum CacheLookup: Hashable, Sendable {
    case miss
    case hit(CacheEntry)
    /// The file exists but is damaged or not ours (bad checksum, truncated, too large, not a regular
    /// file, owned by someone else): refetch and overwrite.
    case corrupt(detail: String)
    /// The directory itself is not trusted (a symlink, not owned by this user, writable by others):
    /// the cache is neither read nor written.
    case untrusted(detail: String)
}

/// Why the cache could not be written or cleared.
public struct CacheError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var detail: String
    public var description: String { "cache \(path): \(detail)" }
}

/// The icon cache directory: one file per key.
///
/// File format (``EntryFile``): the line `xds-icon-cache 2`, the line `sha256 <hex>` (of everything
/// after it), one line of JSON describing the resources (URL, validators, times, and each body's
/// size and SHA-256), then the bodies' bytes. Each write goes to a temporary file in the same
/// directory, is fsync'ed, then renamed over the entry, so readers see the old or the new entry,
/// never a torn one, however many runs write the same key at once.
///
/// Trust: the directory must be a real directory owned by this user and writable by no one else, and
/// each entry a regular file owned by this user, not writable by others, at most
/// ``maxEntryBytes``; entries are opened relative to the checked directory with `O_NOFOLLOW`. The
/// checksum detects corruption, not tampering: anyone who can write the directory can write a valid
/// entry, which is why the directory must be this user's alone.
public struct IconCacheStore: Hashable, Sendable {
    public var directory: BytePath

    public init(directory: BytePath) { self.directory = directory }
    public init(directory: String) { self.directory = BytePath(directory) }

    /// The largest entry file read: appInfo.json's and an image's caps, plus 64 KiB of header.
    public static let maxEntryBytes = (64 << 10) + (2 << 20) + (64 << 10)

    /// `$XDG_CACHE_HOME/xds`, else `$HOME/.cache/xds`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/xds" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/xds"
    }

    public func path(for key: CacheKey) -> String { directory.description + "/" + key.fileName }

    public func load(_ key: CacheKey) -> CacheLookup {
        let opened: CacheDirectory?
        do {
            opened = try CacheDirectory.open(directory)
        } catch {
            return .untrusted(detail: error.description)
        }
        guard let opened else { return .miss }
        let descriptor = openat(opened.descriptor, key.fileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .miss : .corrupt(detail: "unreadable: \(CacheDirectory.errorText())")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .corrupt(detail: CacheDirectory.errorText()) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .corrupt(detail: "not a regular file") }
        if let problem = CacheDirectory.ownershipProblem(status) { return .corrupt(detail: problem) }
        guard status.st_size <= Self.maxEntryBytes else {
            return .corrupt(detail: "\(status.st_size) bytes, more than \(Self.maxEntryBytes)")
        }
        guard let bytes = try? DescriptorReader.readAll(descriptor, limit: Self.maxEntryBytes) else {
            return .corrupt(detail: "unreadable or larger than \(Self.maxEntryBytes) bytes")
        }
        switch EntryFile.decode(bytes) {
        case .success(let entry): return .hit(entry)
        case .failure(let failure): return .corrupt(detail: failure.detail)
        }
    }

    /// Writes `entry` under `key` atomically (temporary file, fsync, rename), in a directory this
    /// user owns (created with mode 0700 when missing).
    public func store(_ entry: CacheEntry, for key: CacheKey) throws(CacheError) {
        let file: [UInt8]
        do {
            file = try EntryFile.encode(entry)
        } catch {
            throw CacheError(path: directory.description, detail: "cannot encode the entry: \(error)")
        }
        let opened: CacheDirectory
        do throws(CacheTrustError) {
            if let existing = try CacheDirectory.open(directory) {
                opened = existing
            } else {
                opened = try CacheDirectory.create(directory)
            }
        } catch {
            throw CacheError(path: error.path, detail: error.detail)
        }
        let temporary = ".\(key.fileName).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = openat(
            opened.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CacheError(path: opened.entryDisplay(temporary), detail: CacheDirectory.errorText())
        }
        var offset = 0
        var failure: String?
        file.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = CacheDirectory.errorText()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = CacheDirectory.errorText() }
        close(descriptor)
        if failure == nil, renameat(opened.descriptor, temporary, opened.descriptor, key.fileName) != 0 {
            failure = CacheDirectory.errorText()
        }
        if let failure {
            unlinkat(opened.descriptor, temporary, 0)
            throw CacheError(path: opened.entryDisplay(key.fileName), detail: failure)
        }
    }

    /// Removes every entry (and stray temporary file) this cache wrote: a name of the cache's own
    /// form, a regular file owned by this user, and (for an entry) starting with the cache's own first
    /// line. Other files are left alone; a directory that is a symlink or not this user's is refused.
    /// - Returns: how many entries were removed.
    @discardableResult
    public func clear() throws(CacheError) -> Int {
        let opened: CacheDirectory?
        let names: [String]
        do {
            opened = try CacheDirectory.open(directory)
            names = try opened?.names() ?? []
        } catch {
            throw CacheError(path: error.path, detail: error.detail)
        }
        guard let opened else { return 0 }
        var removed = 0
        for name in names {
            let isEntry = EntryFile.isEntryName(name)
            guard isEntry || EntryFile.isTemporaryName(name) else { continue }
            guard Self.isOurs(name, in: opened, checkMagic: isEntry) else { continue }
            if unlinkat(opened.descriptor, name, 0) != 0 && errno != ENOENT {
                throw CacheError(path: opened.entryDisplay(name), detail: CacheDirectory.errorText())
            }
            if isEntry { removed += 1 }
        }
        return removed
    }

    private static func isOurs(_ name: String, in directory: CacheDirectory, checkMagic: Bool) -> Bool {
        let descriptor = openat(directory.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid()
        else { return false }
        guard checkMagic else { return true }
        var head = [UInt8](repeating: 0, count: EntryFile.familyPrefix.count)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == head.count && head == EntryFile.familyPrefix
    }
}
