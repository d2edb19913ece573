// Sources/AttributeFiles/DescriptorReader.swift - Reading an open file to its end, bounded: the one loop every reader uses

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Why a bounded read of a descriptor stopped before its end.
public enum DescriptorReadError: Error, Hashable, Sendable {
    /// `read(2)` failed (never `EINTR`, which is retried).
    case system(SystemErrno)
    /// More than `limit` bytes were there; nothing past the limit is kept.
    case overLimit(limit: Int)
}

/// Reads what is left of an open descriptor in 64 KiB steps.
public enum DescriptorReader {
    /// The bytes from the descriptor's offset to its end, refusing more than `limit` bytes.
    public static func readAll(_ descriptor: Int32, limit: Int) throws(DescriptorReadError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = SystemErrno(rawValue: errno)
                if code == .interrupted { continue }
                throw .system(code)
            }
            if count == 0 { return result }
            guard result.count + count <= limit else { throw .overLimit(limit: limit) }
            result.append(contentsOf: chunk[0..<count])
        }
    }
}
