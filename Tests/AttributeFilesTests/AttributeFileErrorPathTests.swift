// Tests/AttributeFilesTests/AttributeFileErrorPathTests.swift - Every errno for real: ramfs, symlink, read-only

import AttributeFiles
import DocumentSource
import FilesystemHarness
import Foundation
import Testing
import XAttr

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
            #expect(result.stderr.contains(file))
            #expect(result.stderr.contains("does not support user extended attributes"))
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
            #expect(result.stderr.contains("symlinks"))
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
                #expect(result.stderr.contains("read-only"))
            }
            #expect(try AttributeFile.read(at: file) == sample)
        }
    }

    @Test func missingFileIsENOENT() {
        let path = "/tmp/xds-missing-\(UUID().uuidString)"
        #expect(systemErrno { _ = try AttributeFile.read(at: path) } == .noSuchFile)
    }
}
