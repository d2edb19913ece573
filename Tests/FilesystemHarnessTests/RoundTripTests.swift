// Tests/FilesystemHarnessTests/RoundTripTests.swift - Attribute bytes across xds, CPython and setfattr/getfattr

import Foundation
import TestSupport
import Testing

@testable import FilesystemHarness

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct RoundTripTests {
    static let plistlibAdapter =
        FileManager.default.currentDirectoryPath + "/Sources/Adapters/plistlib/xds_adapter_plistlib.py"

    static let kinds: [(kind: FilesystemKind, sizeMiB: Int, limit: Int)] = [
        (.tmpfs, 8, 65536), (.ext4(), 16, 4024), (.xfs, 300, 65536),
    ]

    /// Every writer × reader pair preserves the bytes, at 200 bytes and at the filesystem's limit, and the
    /// reference library, CPython plistlib, `xds` and the plistlib adapter read each other's four fields.
    @Test(arguments: 0..<kinds.count)
    func crossImplementationRoundTripsPreserveTheBytes(index: Int) throws {
        let expected = Self.kinds[index]
        try Mounts.withMountedFilesystem(expected.kind, sizeMiB: expected.sizeMiB) { fs in
            let cells = ByteRoundTrips.run(in: fs.mountPoint, label: "test", sizes: [200, expected.limit])
            #expect(cells.count == 2 * ByteAccessor.all.count * ByteAccessor.all.count)
            for cell in cells {
                #expect(cell.preserved, "\(cell.writer) → \(cell.reader), \(cell.valueSize) B: \(cell.detail)")
            }
            let xds = try #require(builtXDS())
            let accessors: [FieldAccessor] = [
                .reference, .plistlib, .adapter(name: "xds", command: [xds]),
                .adapter(name: "plistlib adapter", command: ["python3", Self.plistlibAdapter]),
            ]
            let fields = FieldRoundTrips.run(in: fs.mountPoint, label: "test", accessors: accessors)
            #expect(fields.count == 16)
            for cell in fields {
                #expect(cell.preserved, "\(cell.writer) → \(cell.reader): \(cell.detail)")
                #expect(cell.valueSize > 100)
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: fs.mountPoint)
            #expect(left.filter { $0 != "lost+found" }.isEmpty, "left behind: \(left)")
        }
    }

    /// A value one byte over the limit cannot be written by any of them.
    @Test func everyWriterIsRefusedOneByteOverTheExt4Limit() throws {
        try Mounts.withMountedFilesystem(.ext4(), sizeMiB: 16) { fs in
            for writer in ByteAccessor.all {
                let file = fs.path("over-\(writer.name.utf8.count)")
                #expect(FileManager.default.createFile(atPath: file, contents: nil))
                #expect(writer.write(ProbeValue.bytes(4025), file) != nil, "\(writer.name) wrote 4025 bytes")
                #expect(writer.write(ProbeValue.bytes(4024), file) == nil, "\(writer.name) could not write 4024 bytes")
            }
        }
    }
}
