// Tests/IconLoadingTests/VectorSetLimitsTests.swift - Every size a vector set states or contains is bounded, and
// a vector over a limit is refused by name before anything runs

import ConformanceModel
import Foundation
import IconLoadingArea
import Testing

@Suite struct VectorSetLimitsTests {
    /// Makes `path` (relative to the set) a sparse file of `size` bytes: no disk, no memory.
    static func sparse(_ set: OwnVectorSet, _ path: String, size: Int) throws {
        try set.write(path, [])
        let handle = try FileHandle(forWritingTo: set.root.appendingPathComponent(path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    static func exactSizes() throws -> Vector {
        try IconLoadingOwnVectorsTests.committed("icon-loading/valid/exact-sizes-scale-1")
    }

    @Test func aSparseGigabyteFileIsRefusedUnreadNamingTheVector() throws {
        let set = OwnVectorSet()
        let vector = try Self.exactSizes()
        try set.add(vector, as: "huge-file")
        let listed = try #require(vector.files.keys.sorted().first)
        try Self.sparse(set, listed, size: 1 << 30)
        do {
            _ = try set.load()
            Issue.record("a 1 GiB listed file was loaded")
        } catch let error as VectorDirectoryError {
            #expect(error.message.contains("vector 'icon-loading/valid/huge-file'"), "\(error)")
            #expect(error.message.contains("1073741824 bytes, over the limit of 8388608 bytes per file"), "\(error)")
        }
    }

    @Test func theSetAsAWholeIsBounded() throws {
        // Nine listed files of 7.5 MiB each (under the per-file limit) exceed 64 MiB for the set.
        let set = OwnVectorSet()
        var vector = try Self.exactSizes()
        for index in 0..<9 {
            let path = "icon-loading/images/filler-\(index).bin"
            vector.metadata.files = (vector.metadata.files ?? []) + [path]
            try Self.sparse(set, path, size: 15 << 19)
        }
        try set.add(vector, as: "big-set")
        do {
            _ = try set.load()
            Issue.record("a 67 MiB vector set was loaded")
        } catch let error as VectorDirectoryError {
            #expect(error.message.contains("vector 'icon-loading/valid/big-set'"), "\(error)")
            #expect(error.message.contains("over the limit of 67108864 bytes per vector set"), "\(error)")
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let set = OwnVectorSet()
        let vector = try Self.exactSizes()
        try set.add(vector, as: "fifo")
        let listed = try #require(vector.files.keys.sorted().first)
        let url = set.root.appendingPathComponent(listed)
        try FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o600) == 0)
        let error = #expect(throws: VectorDirectoryError.self) { try set.load() }
        #expect(error?.path.hasSuffix("/" + listed) == true)
        #expect(error?.message.hasSuffix("not a regular file") == true, "\(error?.message ?? "no error")")
    }

    static let overLimitRoutes: [(String, @Sendable (inout IconLoadingRoute) -> Void)] = [
        ("padTo 1000000000 is not 0-8388608 bytes", { $0.padTo = 1_000_000_000 }),
        ("padTo -1 is not 0-8388608 bytes", { $0.padTo = -1 }),
        ("chunk 0 is not 1-1048576 bytes", { $0.chunk = 0 }),
        ("delay 30.0 is not 0-1.0 s", { $0.delay = 30 }),
        ("padByte 256 is not 0-255", { $0.padByte = 256 }),
        ("status 1000 is not 100-599", { $0.status = 1000 }),
        ("filePrefix -5 is negative", { $0.filePrefix = -5 }),
        (
            "over 60.0 s",
            {
                $0.chunk = 1; $0.delay = 0.5
            }
        ),
    ]

    @Test(arguments: overLimitRoutes.indices)
    func aRouteOverALimitIsRefusedNamingTheVector(index: Int) throws {
        let (reason, edit) = Self.overLimitRoutes[index]
        let set = OwnVectorSet()
        try set.add(try Self.exactSizes(), as: "route-limit") { site in
            let path = site.routes.keys.sorted().last ?? ""
            if var route = site.routes[path] {
                edit(&route)
                site.routes[path] = route
            }
        }
        do {
            _ = try set.load()
            Issue.record("a route over a limit was accepted (\(reason))")
        } catch let error as IconLoadingVectorError {
            #expect(error.id == "icon-loading/valid/route-limit")
            #expect(error.detail.contains(reason), "\(error)")
        }
    }
}
