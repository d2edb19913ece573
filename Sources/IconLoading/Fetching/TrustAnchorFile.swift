// Sources/IconLoading/Fetching/TrustAnchorFile.swift - Reading a PEM file of extra trust anchors, safely

import AttributeFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Why the extra trust anchors could not be read.
public struct TrustAnchorFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given (for messages).
    public var path: BytePath
    public var detail: String
    public var description: String { "cannot read the CA file \(path): \(detail)" }
}

/// A PEM file of extra trust anchors (`--ca-file`): read once per load, before any request.
public enum TrustAnchorFile {
    /// The largest CA file read.
    public static let maxBytes = 4 << 20

    /// Reads `path` byte-exactly: opened non-blocking (a FIFO or a device never blocks), refused
    /// unless it is a regular file, at most ``maxBytes``, and holding at least one PEM certificate.
    public static func read(_ path: BytePath) throws(TrustAnchorFileError) -> [UInt8] {
        func failure(_ detail: String) -> TrustAnchorFileError { TrustAnchorFileError(path: path, detail: detail) }
        guard !path.containsNUL else { throw failure("the path holds a NUL byte") }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure(SystemErrno(rawValue: errno).systemMessage) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(SystemErrno(rawValue: errno).systemMessage) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        guard status.st_size <= maxBytes else { throw failure("larger than \(maxBytes) bytes") }
        guard let bytes = try? DescriptorReader.readAll(descriptor, limit: maxBytes) else {
            throw failure("read failed or the file grew past \(maxBytes) bytes")
        }
        guard bytes.contains(subsequence: Array("-----BEGIN CERTIFICATE-----".utf8)) else {
            throw failure("no PEM certificate in it")
        }
        return bytes
    }
}

/// Small whole-file reads (CA bundles).
enum FileBytes {
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? DescriptorReader.readAll(descriptor, limit: limit)
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard !subsequence.isEmpty, count >= subsequence.count else { return false }
        for start in 0...(count - subsequence.count) where self[start] == subsequence[0] {
            if Array(self[start..<(start + subsequence.count)]) == subsequence { return true }
        }
        return false
    }
}
