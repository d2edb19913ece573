// Tests/AttributeFilesTests/DescriptorReaderTests.swift - The one bounded read loop: all of a file, the limit, the errno

import AttributeFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DescriptorReaderTests {
    /// A file of `count` bytes (0, 1, 2, … mod 251), opened for reading and already unlinked.
    private static func file(of count: Int) throws -> Int32 {
        var template = Array("/tmp/xds-descriptor-reader-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        unlink(template)
        let bytes = (0..<count).map { UInt8($0 % 251) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == count)
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }

    /// Several 64 KiB steps are read whole and in order; exactly `limit` bytes are allowed.
    @Test func readsEveryByteUpToTheLimit() throws {
        let descriptor = try Self.file(of: 200_000)
        defer { close(descriptor) }
        let bytes = try DescriptorReader.readAll(descriptor, limit: 200_000)
        #expect(bytes == (0..<200_000).map { UInt8($0 % 251) })
    }

    /// One byte over the limit is refused, naming the limit.
    @Test func oneByteOverTheLimitIsRefused() throws {
        let descriptor = try Self.file(of: 70_001)
        defer { close(descriptor) }
        #expect(throws: DescriptorReadError.overLimit(limit: 70_000)) {
            try DescriptorReader.readAll(descriptor, limit: 70_000)
        }
    }

    /// A failed read(2) surfaces its errno: a descriptor open for writing only gives EBADF.
    @Test func aFailedReadGivesItsErrno() throws {
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: DescriptorReadError.system(SystemErrno(rawValue: EBADF))) {
            try DescriptorReader.readAll(descriptor, limit: 10)
        }
    }
}
