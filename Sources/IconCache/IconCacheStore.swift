// Sources/IconCache/IconCacheStore.swift - Entries on disk: checksummed, written atomically

import Foundation

/// What loading an entry found.
public enum CacheLookup: Hashable, Sendable {
    case miss
    case hit(CacheEntry)
    /// The file exists but is damaged (bad checksum, truncated, unreadable): refetch and overwrite.
    case corrupt(detail: String)
}

/// Why the cache could not be written or cleared.
public struct CacheError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var detail: String
    public var description: String { "cache \(path): \(detail)" }
}

/// The icon cache directory: one file per key.
///
/// File format: the line `xds-icon-cache 1`, the line `sha256 <hex>` (of everything after it),
/// then the entry as JSON. Each write goes to a temporary file in the same directory, is
/// fsync'ed, then renamed over the entry, so readers see the old or the new entry, never a torn
/// one, however many runs write the same key at once.
public struct IconCacheStore: Hashable, Sendable {
    public var directory: String

    public init(directory: String) { self.directory = directory }

    /// `$XDG_CACHE_HOME/xds`, else `$HOME/.cache/xds`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/xds" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/xds"
    }

    private static let magic = "xds-icon-cache 1\n"

    public func path(for key: CacheKey) -> String { directory + "/" + key.fileName }

    public func load(_ key: CacheKey) -> CacheLookup {
        let path = path(for: key)
        guard FileManager.default.fileExists(atPath: path) else { return .miss }
        guard let data = FileManager.default.contents(atPath: path) else { return .corrupt(detail: "unreadable") }
        let bytes = [UInt8](data)
        let magic = Array(Self.magic.utf8)
        guard bytes.starts(with: magic) else { return .corrupt(detail: "not an xds cache entry") }
        let rest = bytes[magic.count...]
        guard let newline = rest.firstIndex(of: 0x0A) else { return .corrupt(detail: "no checksum line") }
        let checksumLine = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
        let payload = Array(rest[(newline + 1)...])
        guard checksumLine == "sha256 " + Digest.sha256Hex(payload) else {
            return .corrupt(detail: "checksum mismatch")
        }
        do {
            return .hit(try JSONDecoder().decode(CacheEntry.self, from: Data(payload)))
        } catch {
            return .corrupt(detail: "undecodable entry: \(error)")
        }
    }

    /// Writes `entry` under `key` atomically (temporary file, fsync, rename).
    public func store(_ entry: CacheEntry, for key: CacheKey) throws(CacheError) {
        let payload: [UInt8]
        do {
            payload = [UInt8](try JSONEncoder().encode(entry))
        } catch {
            throw CacheError(path: directory, detail: "cannot encode the entry: \(error)")
        }
        let file = Array(Self.magic.utf8) + Array("sha256 \(Digest.sha256Hex(payload))\n".utf8) + payload
        try makeDirectory()
        let target = path(for: key)
        let temporary = directory + "/.\(key.fileName).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CacheError(path: temporary, detail: String(cString: strerror(errno))) }
        var offset = 0
        var failure: String?
        file.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw CacheError(path: target, detail: failure)
        }
    }

    /// Removes every entry (and stray temporary file) this cache wrote; other files are left alone.
    /// - Returns: how many entries were removed.
    @discardableResult
    public func clear() throws(CacheError) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for name in names where name.hasSuffix(".entry") || (name.hasPrefix(".") && name.hasSuffix(".tmp")) {
            if unlink(directory + "/" + name) != 0 && errno != ENOENT {
                throw CacheError(path: directory + "/" + name, detail: String(cString: strerror(errno)))
            }
            if name.hasSuffix(".entry") { removed += 1 }
        }
        return removed
    }

    private func makeDirectory() throws(CacheError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheError(path: directory, detail: "cannot create: \(error.localizedDescription)")
        }
    }
}
