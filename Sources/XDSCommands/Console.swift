// Sources/XDSCommands/Console.swift - Byte-exact standard streams and input files

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input file or standard input could not be read.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

/// Unbuffered, byte-exact access to the standard streams.
public enum Console {
    /// Writes `bytes` to standard output, all of them.
    public static func writeOut(_ bytes: [UInt8]) { send(bytes, to: 1) }
    /// Writes `text` to standard output.
    public static func printOut(_ text: String, terminator: String = "\n") {
        writeOut(Array((text + terminator).utf8))
    }
    /// Writes `text` and a newline to standard error.
    public static func printError(_ text: String) { send(Array((text + "\n").utf8), to: 2) }

    /// Reads a whole file, or standard input when `path` is nil or `-`, refusing more than `limit` bytes.
    public static func readInput(_ path: String?, limit: Int = 256 << 20) throws(InputError) -> [UInt8] {
        let name = (path == nil || path == "-") ? "<stdin>" : (path ?? "")
        var descriptor: Int32 = 0
        if let path, path != "-" {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { throw InputError(path: name, message: errnoText()) }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: name, message: errnoText())
            }
            if count == 0 { break }
            if result.count + count > limit {
                throw InputError(path: name, message: "larger than the \(limit)-byte input limit")
            }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    private static func send(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
