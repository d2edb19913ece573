// Tests/IconLoadingTests/CacheTests.swift - Fresh hits, ETag revalidation, corruption, concurrent writers

import AttributeFiles
import Foundation
import IconLoading
import IconLoadingArea
import Testing

@Suite struct CacheTests {
    func temporaryCache() -> IconCacheStore {
        IconCacheStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("xds-cache-\(UUID())").path)
    }

    @Test func secondRunWithinMaxAgeMakesNoRequest() throws {
        let site = try TestSite.standard(appInfoRoute: ["max_age": 600], imageRoute: ["max_age": 600])
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        let first = try load(site, cache: cache).0.get()
        site.server.clearLog()
        let (second, trace) = load(site, cache: cache)
        #expect(try second.get() == first)
        #expect(site.paths() == [])
        #expect(trace.steps.map(\.cache) == ["fresh", "fresh"])
    }

    @Test func etagRevalidationGets304AndKeepsTheEntry() throws {
        let site = try TestSite.standard(appInfoRoute: ["etag": "\"app-1\""], imageRoute: ["etag": "\"img-1\""])
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        let first = try load(site, cache: cache).0.get()
        let stored = cache.load(CacheKey(appInfoURL: site.appInfoURL, scale: 2, profile: "recommended"))
        site.server.clearLog()
        let (second, trace) = load(site, cache: cache)
        #expect(try second.get() == first)
        let requests = site.server.requests()
        #expect(requests.map(\.path) == ["/app/appInfo.json", "/app/img/icon@2x.png"])
        #expect(requests.map(\.ifNoneMatch) == ["\"app-1\"", "\"img-1\""])
        #expect(trace.steps.map(\.status) == [304, 304])
        #expect(trace.steps.map(\.cache) == ["revalidated", "revalidated"])
        guard case .hit(let before) = stored,
            case .hit(let after) = cache.load(CacheKey(appInfoURL: site.appInfoURL, scale: 2, profile: "recommended"))
        else {
            Issue.record("the entry is gone")
            return
        }
        #expect(after.appInfo.body == before.appInfo.body && after.image?.body == before.image?.body)
    }

    @Test func lastModifiedIsSentWhenThereIsNoETag() throws {
        let date = "Tue, 01 Dec 2026 10:00:00 GMT"
        let site = try TestSite.standard(appInfoRoute: ["last_modified": date])
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        _ = try load(site, cache: cache).0.get()
        site.server.clearLog()
        _ = try load(site, cache: cache).0.get()
        #expect(site.server.requests().first?.ifModifiedSince == date)
    }

    @Test func corruptedEntryIsDetectedAndRefetched() throws {
        let site = try TestSite.standard(appInfoRoute: ["max_age": 600], imageRoute: ["max_age": 600])
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        let first = try load(site, cache: cache).0.get()
        let key = CacheKey(appInfoURL: site.appInfoURL, scale: 2, profile: "recommended")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache.path(for: key))))
        bytes[bytes.count - 40] ^= 0x01  // one bit inside the payload
        try Data(bytes).write(to: URL(fileURLWithPath: cache.path(for: key)))
        guard case .corrupt = cache.load(key) else {
            Issue.record("the flipped bit was not detected")
            return
        }
        site.server.clearLog()
        let (second, trace) = load(site, cache: cache)
        #expect(try second.get() == first)
        #expect(site.paths().count == 2)
        #expect(trace.steps.map(\.cache) == ["corrupt-refetched", "corrupt-refetched"])
        guard case .hit = cache.load(key) else {
            Issue.record("the entry was not rewritten")
            return
        }
    }

    @Test func concurrentWritersNeverLeaveATornEntry() async throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        let key = CacheKey(appInfoURL: "https://example.com/appInfo.json", scale: 2, profile: "recommended")
        // Eight writers with bodies of different sizes, and a reader checking every entry it sees.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for round in 0..<25 {
                        let body = [UInt8](repeating: UInt8(writer), count: 1000 * (writer + 1) + round)
                        let resource = CachedResource(
                            url: key.appInfoURL, body: body, validators: Validators(etag: "\"\(writer)\""),
                            storedAt: 0, maxAge: nil)
                        try? cache.store(CacheEntry(appInfo: resource, image: nil), for: key)
                    }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    if case .corrupt(let detail) = cache.load(key) { Issue.record("torn entry seen: \(detail)") }
                }
            }
        }
        guard case .hit(let entry) = cache.load(key) else {
            Issue.record("no valid entry after the writers")
            return
        }
        #expect(Set(entry.appInfo.body).count == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.directory.description)
        #expect(leftovers == [key.fileName])
    }

    @Test func clearRemovesOnlyEntries() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory.description) }
        let resource = CachedResource(
            url: "https://e.com/a", body: [1], validators: Validators(), storedAt: 0, maxAge: nil)
        try cache.store(
            CacheEntry(appInfo: resource, image: nil),
            for: CacheKey(appInfoURL: "https://e.com/a", scale: 1, profile: "legacy"))
        _ = FileManager.default.createFile(atPath: cache.directory.description + "/keep.txt", contents: Data([1]))
        #expect(try cache.clear() == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.description) == ["keep.txt"])
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(IconCacheStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/xds")
        #expect(
            IconCacheStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/xds")
        #expect(IconCacheStore.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.cache/xds")
    }
}
