// Tests/FilesystemHarnessTests/MountsTests.swift - Scratch mounts come up as asked and always go away

import FilesystemHarness
import Foundation
import Testing

@Suite(.enabled(if: Mounts.testsShouldRun, Comment(rawValue: Mounts.skipReason)))
struct MountsTests {
    private struct Planned: Error {}

    /// The mount points in /proc/self/mountinfo.
    private static func mountPoints() throws -> [String] {
        try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8).split(separator: "\n").compactMap {
            let fields = $0.split(separator: " ")
            return fields.count > 4 ? String(fields[4]) : nil
        }
    }

    private static func mountLine(_ mountPoint: String) throws -> [Substring] {
        try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8).split(separator: "\n").filter {
            let fields = $0.split(separator: " ")
            return fields.count > 4 && fields[4] == mountPoint
        }
    }

    @Test(arguments: [
        FilesystemKind.tmpfs, .ramfs, .ext4(), .ext4(blockSize: 1024, inodeSize: 128), .btrfs(), .xfs,
    ])
    func mountsTheKindAskedAndTearsDownAfterAThrow(kind: FilesystemKind) throws {
        var seen: MountedFilesystem?
        #expect(throws: Planned.self) {
            try Mounts.withMountedFilesystem(kind) { fs in
                seen = fs
                let lines = try Self.mountLine(fs.mountPoint)
                #expect(lines.count == 1)
                #expect(lines.first?.contains(" - \(kind.typeName) ") == true)
                #expect(FileManager.default.createFile(atPath: fs.path("probe"), contents: Data([1, 2, 3])))
                #expect(kind.needsImage == (fs.loopDevice != nil))
                throw Planned()
            }
        }
        let fs = try #require(seen)
        #expect(try !Self.mountPoints().contains(fs.mountPoint))
        if let image = fs.imagePath {
            #expect(!FileManager.default.fileExists(atPath: image))
            #expect(try !HostCommand.run("losetup", ["-a"]).contains(image))
        }
        #expect(!FileManager.default.fileExists(atPath: fs.mountPoint))
    }

    @Test func ext4GeometryIsWhatWasAsked() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024, inodeSize: 256, features: ["ea_inode"])) { fs in
            let device = try #require(fs.loopDevice)
            let header = try HostCommand.run("dumpe2fs", ["-h", device])
            let lines = header.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("Block size:") && $0.hasSuffix(" 1024") })
            #expect(lines.contains { $0.hasPrefix("Inode size:") && $0.hasSuffix(" 256") })
            #expect(lines.contains { $0.hasPrefix("Filesystem features:") && $0.contains("ea_inode") })
        }
    }

    @Test func readOnlyBindMountRefusesWritesAndGoesAway() throws {
        try Mounts.withTemporaryDirectory { directory in
            var target = ""
            try Mounts.withReadOnlyBindMount(of: directory) { readOnly in
                target = readOnly
                #expect(!FileManager.default.createFile(atPath: readOnly + "/new", contents: Data()))
                #expect(FileManager.default.createFile(atPath: directory + "/new", contents: Data()))
                #expect(FileManager.default.fileExists(atPath: readOnly + "/new"))
            }
            #expect(try !Self.mountPoints().contains(target))
        }
    }

    @Test func hostCommandFailureCarriesStatusAndStandardError() {
        let error = #expect(throws: HostCommandError.self) {
            try HostCommand.run("mount", ["-t", "no-such-filesystem-type", "none", "/nonexistent-xds"])
        }
        #expect(error?.status != nil && error?.status != 0)
        #expect(error?.message.isEmpty == false)
        let missing = #expect(throws: HostCommandError.self) { try HostCommand.run("xds-no-such-tool", []) }
        #expect(missing?.status == nil)
        #expect(missing?.message == "xds-no-such-tool is not installed")
    }
}
