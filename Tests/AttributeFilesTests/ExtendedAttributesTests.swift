// Tests/AttributeFilesTests/ExtendedAttributesTests.swift - The XAttr layer on real tmpfs, ext4 and ramfs

import AttributeFiles
import FilesystemHarness
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct ExtendedAttributesTests {
    let name = ExtendedAttributes.documentSourceName

    @Test(arguments: [FilesystemKind.tmpfs, .ext4()])
    func setsReadsListsAndRemovesOnFileAndDirectory(kind: FilesystemKind) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let directory = fs.path("dir")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            for path in [file, directory] {
                #expect(try ExtendedAttributes.value(named: name, at: path) == nil)
                let value: [UInt8] = [0x62, 0x70, 0x00, 0xFF, 0x01]
                try ExtendedAttributes.setValue(value, named: name, at: path)
                #expect(try ExtendedAttributes.value(named: name, at: path) == value)
                #expect(try ExtendedAttributes.names(at: path).contains(name))
                try ExtendedAttributes.removeValue(named: name, at: path)
                #expect(try ExtendedAttributes.value(named: name, at: path) == nil)
                #expect(try !ExtendedAttributes.names(at: path).contains(name))
            }
        }
    }

    @Test func emptyValueIsEmptyNotMissing() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try ExtendedAttributes.setValue([], named: name, at: file)
            #expect(try ExtendedAttributes.value(named: name, at: file) == [])
        }
    }

    @Test func createOnlyAndReplaceOnlyMapToEEXISTAndENODATA() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let missing = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([1], named: name, at: file, mode: .replaceOnly)
            }
            #expect(missing?.errno == .noData)
            try ExtendedAttributes.setValue([1], named: name, at: file, mode: .createOnly)
            let exists = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([2], named: name, at: file, mode: .createOnly)
            }
            #expect(exists?.errno == .fileExists)
            #expect(exists?.description.contains(file) == true)
            try ExtendedAttributes.setValue([3], named: name, at: file, mode: .replaceOnly)
            #expect(try ExtendedAttributes.value(named: name, at: file) == [3])
        }
    }

    @Test func refusesValueOverMaximumSizeBeforeReading() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try ExtendedAttributes.setValue([UInt8](repeating: 7, count: 100), named: name, at: file)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.value(named: name, at: file, maximumSize: 99)
            }
            #expect(error?.errno == .argumentListTooLong)
            #expect(error?.valueSize == 100)
            #expect(error?.limit == 99)
            #expect(try ExtendedAttributes.value(named: name, at: file, maximumSize: 100)?.count == 100)
        }
    }

    @Test func readsInOneCallAndFallsBackToTheSizeQueryOnERANGE() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let value = (0..<100).map { UInt8($0) }
            try ExtendedAttributes.setValue(value, named: name, at: file)
            // Fits the one-call buffer exactly, and with room to spare.
            #expect(try ExtendedAttributes.value(named: name, at: file, maximumSize: 100) == value)
            #expect(try ExtendedAttributes.value(named: name, at: file) == value)
            // No buffer at all: the size query alone decides.
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.value(named: name, at: file, maximumSize: 0)
            }
            #expect(error?.errno == .argumentListTooLong)
            #expect(error?.valueSize == 100)
            // Larger than the first read's buffer: read through the size query.
            let large = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try ExtendedAttributes.setValue(large, named: name, at: file)
            #expect(try ExtendedAttributes.value(named: name, at: file) == large)
            // ERANGE that is not about the buffer (a bad name) still comes out as ERANGE.
            for badName in ["", "user." + String(repeating: "n", count: 251)] {
                let error = #expect(throws: XAttrError.self) {
                    try ExtendedAttributes.value(named: badName, at: file)
                }
                #expect(error?.errno == .outOfRange)
            }
        }
    }

    @Test func symlinkFollowedByDefaultAndRefusedWithoutFollowing() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            let link = fs.path("link")
            try makeFile(file)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "file")
            try ExtendedAttributes.setValue([9], named: name, at: link)
            #expect(try ExtendedAttributes.value(named: name, at: file) == [9])
            #expect(try ExtendedAttributes.value(named: name, at: link) == [9])
            #expect(try ExtendedAttributes.value(named: name, at: link, followSymlinks: false) == nil)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([1], named: name, at: link, followSymlinks: false)
            }
            #expect(error?.errno == .notPermitted)
            #expect(error?.description.contains("symlinks") == true)
            // Every call's default follows, in both spellings of the path.
            #expect(try ExtendedAttributes.value(named: name, at: BytePath(link)) == [9])
            #expect(try ExtendedAttributes.names(at: link).contains(name))
            #expect(try ExtendedAttributes.names(at: BytePath(link)).contains(name))
            try ExtendedAttributes.removeValue(named: name, at: link)
            #expect(try ExtendedAttributes.value(named: name, at: file) == nil)
            try ExtendedAttributes.setValue([8], named: name, at: BytePath(link))
            #expect(try ExtendedAttributes.value(named: name, at: file) == [8])
            try ExtendedAttributes.removeValue(named: name, at: BytePath(link))
            #expect(try ExtendedAttributes.value(named: name, at: file) == nil)
        }
    }

    @Test func ramfsHasNoUserAttributes() throws {
        try Mounts.withMountedFilesystem(.ramfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([1], named: name, at: file)
            }
            #expect(error?.errno == .notSupported)
            #expect(error?.description.contains("does not support user extended attributes") == true)
            let read = #expect(throws: XAttrError.self) { try ExtendedAttributes.value(named: name, at: file) }
            #expect(read?.errno == .notSupported)
            #expect(try ExtendedAttributes.names(at: file) == [])
        }
    }

    @Test func readOnlyBindMountRefusesChangesButReads() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try ExtendedAttributes.setValue([5], named: name, at: file)
            try Mounts.withReadOnlyBindMount(of: fs.mountPoint) { readOnly in
                let error = #expect(throws: XAttrError.self) {
                    try ExtendedAttributes.setValue([6], named: name, at: readOnly + "/file")
                }
                #expect(error?.errno == .readOnlyFileSystem)
                let stillReadable = try ExtendedAttributes.value(named: name, at: readOnly + "/file")
                #expect(stillReadable == [5])
            }
        }
    }

    @Test func missingFileIsENOENT() throws {
        let error = #expect(throws: XAttrError.self) {
            try ExtendedAttributes.value(named: name, at: "/tmp/xds-does-not-exist-\(UUID().uuidString)")
        }
        #expect(error?.errno == .noSuchFile)
    }

    @Test func tooLargeForExt4IsENOSPCWithSize() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try ExtendedAttributes.setValue([UInt8](repeating: 1, count: 952), named: name, at: file)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([UInt8](repeating: 1, count: 953), named: name, at: file)
            }
            #expect(error?.errno == .noSpace)
            #expect(error?.valueSize == 953)
        }
    }

    /// A value over Linux's 64 KiB cap for any attribute is refused by the kernel itself (E2BIG), and the message
    /// names the cap; a value under it that the filesystem cannot hold is ENOSPC, without the cap's hint.
    @Test func overTheLinuxCapTheMessageNamesTheCap() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([UInt8](repeating: 1, count: 65_537), named: name, at: file)
            }
            #expect(error?.errno == .argumentListTooLong)
            #expect(
                error?.cause
                    == "value too large: 65537 bytes do not fit this filesystem's attribute space (the Linux limit is 65536 bytes)"
            )
        }
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([UInt8](repeating: 1, count: 953), named: name, at: file)
            }
            #expect(error?.cause == "value too large: 953 bytes do not fit this filesystem's attribute space")
        }
    }

    /// The object under test and whether the call follows symlinks.
    enum Object: String, CaseIterable { case file, directory, linkToFile, linkToDirectory }

    @Test(arguments: Object.allCases, [true, false])
    func fileDirectoryAndSymlinkWithAndWithoutFollowing(object: Object, follow: Bool) throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            try makeFile(fs.path("file"))
            try FileManager.default.createDirectory(atPath: fs.path("directory"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: fs.path("linkToFile"), withDestinationPath: "file")
            try FileManager.default.createSymbolicLink(
                atPath: fs.path("linkToDirectory"), withDestinationPath: "directory")
            let path = fs.path(object.rawValue)
            let isLink = object == .linkToFile || object == .linkToDirectory
            if isLink && !follow {
                // Linux: user.* on the link itself is refused when set and absent when read or listed.
                let error = #expect(throws: XAttrError.self) {
                    try ExtendedAttributes.setValue([1], named: name, at: path, followSymlinks: false)
                }
                #expect(error?.errno == .notPermitted)
                #expect(try ExtendedAttributes.value(named: name, at: path, followSymlinks: false) == nil)
                #expect(
                    try ExtendedAttributes.names(at: path, followSymlinks: false).filter { $0.hasPrefix("user.") } == []
                )
                return
            }
            try ExtendedAttributes.setValue([1, 2], named: name, at: path, followSymlinks: follow)
            #expect(try ExtendedAttributes.value(named: name, at: path, followSymlinks: follow) == [1, 2])
            #expect(try ExtendedAttributes.names(at: path, followSymlinks: follow).contains(name))
            if isLink {
                // Following wrote the target; the link itself still has nothing.
                let target = fs.path(object == .linkToFile ? "file" : "directory")
                #expect(try ExtendedAttributes.value(named: name, at: target) == [1, 2])
                #expect(try ExtendedAttributes.value(named: name, at: path, followSymlinks: false) == nil)
            }
            try ExtendedAttributes.removeValue(named: name, at: path, followSymlinks: follow)
            #expect(try ExtendedAttributes.value(named: name, at: path, followSymlinks: follow) == nil)
        }
    }

    @Test func listsEveryNameSet() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let names = (0..<50).map { "user.n\($0)" } + ["user.é/: x"]
            for other in names { try ExtendedAttributes.setValue([], named: other, at: file) }
            #expect(Set(try ExtendedAttributes.names(at: file)) == Set(names))
        }
    }

    @Test func badNamesMapToTheKernelsErrnos() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            func errno(_ attributeName: String) -> SystemErrno? {
                do {
                    try ExtendedAttributes.setValue([1], named: attributeName, at: file)
                    return nil
                } catch {
                    return error.errno
                }
            }
            #expect(errno("user." + String(repeating: "n", count: 250)) == nil)  // 255 bytes: fine
            #expect(errno("user." + String(repeating: "n", count: 251)) == .outOfRange)
            #expect(errno("") == .outOfRange)
            #expect(errno("x-document-source") == .notSupported)  // no namespace on Linux
            #expect(errno("user.") == .invalidArgument)
            let error = #expect(throws: XAttrError.self) {
                try ExtendedAttributes.setValue([1], named: "user." + String(repeating: "n", count: 251), at: file)
            }
            #expect(error?.description.contains("longer than 255 bytes") == true)
        }
    }
}
