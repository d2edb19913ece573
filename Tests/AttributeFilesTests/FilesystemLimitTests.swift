// Tests/AttributeFilesTests/FilesystemLimitTests.swift - statfs type and geometry on real mounts

import AttributeFiles
import FilesystemHarness
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct FilesystemLimitTests {
    let name = ExtendedAttributes.documentSourceName

    @Test(arguments: [
        (FilesystemKind.tmpfs, 65536), (.ext4(blockSize: 1024), 952), (.ext4(), 4024),
        (.ext4(features: ["ea_inode"]), 65536), (.btrfs(), 16206), (.btrfs(nodeSize: 4096), 3918), (.xfs, 65536),
    ])
    func computesTheLimitTheKernelEnforces(kind: FilesystemKind, expected: Int) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let limit = FilesystemLimit.of(path: file, name: name)
            #expect(limit.maximumValueSize == expected)
            // The kernel agrees: the limit is stored, one byte more is not.
            try ExtendedAttributes.setValue([UInt8](repeating: 0x41, count: expected), named: name, at: file)
            let refused = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([UInt8](repeating: 0x41, count: expected + 1), named: name, at: file)
            }
            #expect(
                refused.map { [.noSpace, .argumentListTooLong].contains($0.errno) } == true,
                "\(String(describing: refused))")
            #expect(refused?.valueSize == expected + 1)
        }
    }

    @Test func ramfsHasNoKnownLimit() throws {
        try Mounts.withMountedFilesystem(.ramfs) { fs in
            #expect(FilesystemLimit.of(path: fs.mountPoint, name: name).maximumValueSize == nil)
        }
    }
}
