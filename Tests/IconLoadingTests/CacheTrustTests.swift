// Tests/IconLoadingTests/CacheTrustTests.swift - The cache uses only what this user owns, and knows its own files

import AttributeFiles
import Foundation
import IconLoading
import IconLoadingArea
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct CacheTrustTests {
    static let key = CacheKey(appInfoURL: "https://example.com/appInfo.json", scale: 2, profile: "recommended")

    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("xds-trust-\(UUID())").path
    }

    func entry(imageBytes: Int = 10) -> CacheEntry {
        CacheEntry(
            appInfo: CachedResource(
                url: Self.key.appInfoURL, body: Array(#"{"icons":[]}"#.utf8), validators: Validators(etag: "\"a\""),
                storedAt: 1, maxAge: 600),
            image: CachedResource(
                url: "https://example.com/i.png", body: [UInt8](repeating: 7, count: imageBytes),
                validators: Validators(), storedAt: 1, maxAge: nil))
    }

    /// A fresh entry served without any request; then the directory is given to uid 65534 (or made
    /// writable by others): the same entry is no longer read, and everything is fetched.
    @Test(
        .enabled(if: geteuid() == 0, "needs root to chown the cache directory to uid 65534"),
        arguments: ["other-owner", "group-writable", "world-writable"])
    func aDirectoryNotOwnedOrWritableByOthersIsNotUsed(_ variant: String) throws {
        let site = try TestSite.standard(appInfoRoute: ["max_age": 600], imageRoute: ["max_age": 600])
        let cache = IconCacheStore(directory: folder())
        let path = cache.directory.description
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try load(site, cache: cache).0.get()
        switch variant {
        case "other-owner": #expect(chown(path, 65534, 65534) == 0)
        case "group-writable": #expect(chmod(path, 0o770) == 0)
        default: #expect(chmod(path, 0o777) == 0)
        }
        guard
            case .untrusted(let detail) = cache.load(
                CacheKey(appInfoURL: site.appInfoURL, scale: 2, profile: "recommended"))
        else {
            Issue.record("the \(variant) directory was trusted")
            return
        }
        #expect(detail.contains("not used"))
        site.server.clearLog()
        let (result, trace) = load(site, cache: cache)
        _ = try result.get()
        #expect(site.paths().count == 2)
        #expect(trace.steps.map(\.cache) == ["untrusted", "untrusted"])
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to chown an entry to uid 65534"))
    func anEntryOwnedByAnotherUserIsNotServed() throws {
        let cache = IconCacheStore(directory: folder())
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        try cache.store(entry(), for: Self.key)
        #expect(chown(cache.path(for: Self.key), 65534, 65534) == 0)
        guard case .corrupt(let detail) = cache.load(Self.key) else {
            Issue.record("an entry owned by uid 65534 was served")
            return
        }
        #expect(detail.contains("65534"))
    }

    @Test func aSymlinkedEntryOrDirectoryIsNotFollowed() throws {
        let elsewhere = IconCacheStore(directory: folder())
        let cache = IconCacheStore(directory: folder())
        defer {
            try? FileManager.default.removeItem(atPath: elsewhere.directory.description)
            try? FileManager.default.removeItem(atPath: cache.directory.description)
        }
        try elsewhere.store(entry(), for: Self.key)
        try FileManager.default.createDirectory(
            atPath: cache.directory.description, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        #expect(symlink(elsewhere.path(for: Self.key), cache.path(for: Self.key)) == 0)
        guard case .corrupt = cache.load(Self.key) else {
            Issue.record("a symlinked entry was followed")
            return
        }
        let linkedDirectory = folder()
        defer { unlink(linkedDirectory) }
        #expect(symlink(elsewhere.directory.description, linkedDirectory) == 0)
        guard case .untrusted = IconCacheStore(directory: linkedDirectory).load(Self.key) else {
            Issue.record("a symlinked directory was used")
            return
        }
    }

    @Test func anOversizedEntryIsRefusedBeforeReading() throws {
        let cache = IconCacheStore(directory: folder())
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        try cache.store(entry(), for: Self.key)
        // A sparse 600 MB file with a valid first line.
        #expect(truncate(cache.path(for: Self.key), 600_000_000) == 0)
        guard case .corrupt(let detail) = cache.load(Self.key) else {
            Issue.record("a 600 MB entry was accepted")
            return
        }
        #expect(detail.contains("more than \(IconCacheStore.maxEntryBytes)"), "\(detail)")
    }

    @Test func clearingThroughASymlinkedDirectoryDeletesNothing() throws {
        let real = folder()
        let link = folder()
        defer {
            try? FileManager.default.removeItem(atPath: real)
            unlink(link)
        }
        let store = IconCacheStore(directory: real)
        try store.store(entry(), for: Self.key)
        #expect(symlink(real, link) == 0)
        let refused = #expect(throws: CacheError.self) { try IconCacheStore(directory: link).clear() }
        #expect(refused?.path == link)
        #expect(refused?.detail == "not a directory (or a symlink to one)", "\(String(describing: refused))")
        #expect(FileManager.default.fileExists(atPath: store.path(for: Self.key)))
    }

    @Test func clearingDeletesOnlyFilesInTheCachesOwnFormat() throws {
        let cache = IconCacheStore(directory: folder())
        let path = cache.directory.description
        defer { try? FileManager.default.removeItem(atPath: path) }
        try cache.store(entry(), for: Self.key)
        let foreign = String(repeating: "a", count: 64) + ".entry"
        let notHex = "notes.entry"
        #expect(FileManager.default.createFile(atPath: path + "/" + foreign, contents: Data("user data".utf8)))
        #expect(FileManager.default.createFile(atPath: path + "/" + notHex, contents: Data("xds-icon-cache 2\n".utf8)))
        #expect(try cache.clear() == 1)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: path)) == [foreign, notHex])
    }

    /// A 2 MiB image is kept as its bytes, described by its size and digest, not as a JSON array of numbers.
    @Test func bodiesAreStoredAsBytesWithTheirSizeAndDigest() throws {
        let cache = IconCacheStore(directory: folder())
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        let big = entry(imageBytes: 2 << 20)
        try cache.store(big, for: Self.key)
        let file = try Data(contentsOf: URL(fileURLWithPath: cache.path(for: Self.key)))
        #expect(file.count < (2 << 20) + 4096, "\(file.count) bytes")
        let header = String(decoding: file.prefix(2048), as: UTF8.self)
        #expect(header.contains("\"bytes\":\(2 << 20)"))
        #expect(header.contains("\"sha256\""))
        #expect(cache.load(Self.key) == .hit(big))
    }
}
