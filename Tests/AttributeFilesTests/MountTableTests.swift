// Tests/AttributeFilesTests/MountTableTests.swift - Finding a path's mount: device numbers and escaped fields

import Glibc
import Testing

@testable import AttributeFiles

@Suite struct MountTableTests {
    /// Character devices whose numbers Linux fixes (the kernel's admin-guide/devices.txt): the text must be
    /// the `major:minor` that /proc/self/mountinfo's third field uses, or a path's mount is found only by the
    /// mount-point fallback.
    @Test(arguments: [("/dev/null", "1:3"), ("/dev/zero", "1:5"), ("/dev/loop-control", "10:237")])
    func deviceNumbersAreSpelledAsMountinfoSpellsThem(path: String, expected: String) throws {
        var status = stat()
        try #require(stat(path, &status) == 0, "\(path) is missing")
        #expect(MountTable.deviceNumber(status.st_rdev) == expected)
    }

    /// Only a backslash with three octal digits after it is an escape; anything shorter or not octal stays.
    @Test(arguments: [
        ("a\\040b", "a b"), ("tab\\011", "tab\t"), ("back\\134slash", "back\\slash"), ("end\\1", "end\\1"),
        ("end\\12", "end\\12"), ("\\", "\\"), ("not\\9xx", "not\\9xx"), ("\\0401", " 1"),
    ])
    func escapesAreABackslashAndThreeOctalDigits(field: String, expected: String) {
        #expect(MountField.unescape(field) == expected)
    }

    /// The reader of mountinfo, superblocks and sysfs: a read past the first 64 KiB chunk continues at the
    /// offset reached (a mountinfo of a few hundred mounts is that long), the end of the file ends it early, and a
    /// file that cannot be opened or has nothing at the offset is nil.
    @Test func fileBytesAreReadInChunksFromTheOffset() throws {
        let path = "/tmp/xds-read-file-bytes-\(getpid())"
        let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        defer { unlink(path) }
        #expect(content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == content.count)
        close(descriptor)
        // Compared as a whole (a failure prints the lengths, not 150,000 bytes).
        func reads(_ offset: Int, _ count: Int, _ expected: Range<Int>) -> Bool {
            let read = readFileBytes(path, offset: offset, count: count)
            return read.map { $0[...] == content[expected] } ?? false
        }
        #expect(reads(1_000, 150_000, 1_000..<151_000))
        #expect(reads(190_000, 50_000, 190_000..<200_000))
        #expect(readFileBytes(path, offset: 200_000, count: 4) == nil)
        #expect(readFileBytes(path + "-missing", offset: 0, count: 4) == nil)
    }
}
