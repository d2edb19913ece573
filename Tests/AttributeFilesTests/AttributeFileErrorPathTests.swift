// Tests/AttributeFilesTests/AttributeFileErrorPathTests.swift - Every errno for real: ramfs, symlink, read-only

import AttributeFiles
import DocumentSource
import FilesystemHarness
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct AttributeFileErrorPathTests {
    let sample = DocumentSourceAttribute(identifier: "com.x", name: "X", path: "p", appInfoURL: "https://x/a.json")

    func systemErrno(_ body: () throws -> Void) -> SystemErrno? {
        do {
            try body()
        } catch let error as AttributeFileError {
            if case .system(let xattr) = error { return xattr.errno }
        } catch {}
        return nil
    }

    @Test func ramfsIsEOPNOTSUPPWithAClearMessage() throws {
        try Mounts.withMountedFilesystem(.ramfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(systemErrno { try AttributeFile.write(sample, to: file) } == .notSupported)
            #expect(systemErrno { _ = try AttributeFile.read(at: file) } == .notSupported)
            let result = try Tool.xds("write", file, "--identifier", "a", "--name", "b")
            #expect(result.status == 1)
            #expect(result.stderrText.contains(file))
            #expect(result.stderrText.contains("does not support user extended attributes"))
        }
    }

    @Test func symlinkIsFollowedByDefaultAndEPERMWithoutFollowing() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            let link = fs.path("link")
            try makeFile(file)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
            try AttributeFile.write(sample, to: link)
            #expect(try AttributeFile.read(at: file) == sample)
            #expect(throws: AttributeFileError.noAttribute(path: link)) {
                try AttributeFile.read(at: link, followSymlinks: false)
            }
            var options = AttributeFile.WriteOptions()
            options.followSymlinks = false
            #expect(systemErrno { try AttributeFile.write(sample, to: link, options: options) } == .notPermitted)
            let result = try Tool.xds("write", link, "--identifier", "a", "--name", "b", "--no-follow")
            #expect(result.status == 1)
            #expect(result.stderrText.contains("symlinks"))
            // Every call's default follows, in both spellings of the path.
            #expect(try AttributeFile.read(at: BytePath(link)) == sample)
            #expect(try AttributeFile.readBytes(at: link) != nil)
            #expect(try AttributeFile.readBytes(at: BytePath(link)) != nil)
            try AttributeFile.remove(at: link)
            #expect(try AttributeFile.readBytes(at: file) == nil)
            try AttributeFile.write(sample, to: BytePath(link))
            #expect(try AttributeFile.read(at: file) == sample)
            try AttributeFile.remove(at: BytePath(link))
            #expect(try AttributeFile.readBytes(at: file) == nil)
        }
    }

    @Test func readOnlyBindMountIsEROFSAndStillReads() throws {
        try Mounts.withMountedFilesystem(.ext4()) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try AttributeFile.write(sample, to: file)
            try Mounts.withReadOnlyBindMount(of: fs.mountPoint) { readOnly in
                let path = readOnly + "/file"
                #expect(try AttributeFile.read(at: path) == sample)
                #expect(systemErrno { try AttributeFile.write(sample, to: path) } == .readOnlyFileSystem)
                #expect(systemErrno { try AttributeFile.remove(at: path) } == .readOnlyFileSystem)
                let result = try Tool.xds("remove", path)
                #expect(result.status == 1)
                #expect(result.stderrText.contains("read-only"))
            }
            #expect(try AttributeFile.read(at: file) == sample)
        }
    }

    @Test func anotherUsersFileIsEACCES() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fs.mountPoint)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
            // nobody may read a root-owned 0644 file's attributes but not change them.
            let result = try Tool.run(
                "runuser", ["-u", "nobody", "--", Tool.xds, "write", file, "--identifier", "a", "--name", "b"])
            #expect(result.status == 1)
            #expect(result.stderrText.contains("permission denied"))
            #expect(result.stderrText.contains("(EACCES)"))
            #expect(try Tool.getfattr(file) == nil)
        }
    }

    @Test func ext4BlockSharedWithAnotherAttributeIsENOSPCWithTheLimit() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try ExtendedAttributes.setValue([UInt8](repeating: 1, count: 500), named: "user.other", at: file)
            var large = sample
            large.path = String(repeating: "p", count: 800)
            #expect(large.encoded().count < 952)  // passes the pre-flight check, but the block is shared
            do {
                try AttributeFile.write(large, to: file)
                Issue.record("a value that cannot share the block was written")
            } catch {
                guard case .system(let xattr)? = error as? AttributeFileError else {
                    Issue.record("expected ENOSPC, got \(error)")
                    return
                }
                #expect(xattr.errno == .noSpace)
                #expect(xattr.limit == 952)
                #expect(xattr.description.contains("at most 952 bytes"))
            }
            #expect(try Tool.getfattr(file) == nil)
        }
    }

    /// Not root, the ext4 superblock cannot be read, so `ea_inode` is unknown: a value over the block
    /// limit is tried rather than refused, and the kernel decides.
    @Test(arguments: [(FilesystemKind.ext4(features: ["ea_inode"]), true), (.ext4(), false)])
    func withoutRootLargeValuesAreTriedOnExt4(kind: FilesystemKind, fits: Bool) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: fs.mountPoint)
            let file = fs.path("mine")
            #expect(try Tool.run("runuser", ["-u", "nobody", "--", "touch", file]).status == 0)
            let arguments = [
                "write", file, "--identifier", "a", "--name", "b", "--path", String(repeating: "p", count: 5000),
            ]
            let result = try Tool.run("runuser", ["-u", "nobody", "--", Tool.xds] + arguments)
            #expect(result.status == (fits ? 0 : 1), "\(result.stderrText)")
            if fits {
                #expect(try Tool.getfattr(file)?.count ?? 0 > 5000)
            } else {
                #expect(result.stderrText.contains("at most 4024 bytes"))
                #expect(result.stderrText.contains("(ENOSPC)"))
                #expect(try Tool.getfattr(file) == nil)
            }
        }
    }

    @Test func missingFileIsENOENT() {
        let path = "/tmp/xds-missing-\(UUID().uuidString)"
        #expect(systemErrno { _ = try AttributeFile.read(at: path) } == .noSuchFile)
    }
}
