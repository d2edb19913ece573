// Sources/ChildProcess/ServeLoop.swift - `CMD serve` for an adapter written as a one-call command line program

#if canImport(Glibc)
    import Glibc
#endif

/// The server side of `CMD serve` for an adapter whose calls read descriptor 0 and write descriptors 1 and 2
/// (the built-in Swift adapters): each request's payload becomes descriptor 0, descriptors 1 and 2 are
/// captured while the call runs, and the call's exit status decides the answer. Status 0 and 1 answer
/// `accepted` and `rejected` (standard output the payload, standard error the diagnostic); any other status
/// ends the server with that status, after its standard error is written out, as the one-process-per-call
/// mode would have ended.
public enum ServeLoop {
    /// Answers requests until end of input.
    /// - Parameter call: runs one call (its words, as on the command line) and returns its exit status.
    /// - Returns: the server's exit status: 0 at end of input, 74 when a frame cannot be read or written,
    ///   or a call's own status other than 0 and 1.
    public static func run(_ call: ([String]) -> Int32) -> Int32 {
        let requests = dup(0)
        let responses = dup(1)
        let errors = dup(2)
        guard requests >= 0, responses >= 0, errors >= 0, let input = memoryFile("serve-input"),
            let output = memoryFile("serve-output"), let diagnostics = memoryFile("serve-diagnostics")
        else { return 74 }
        for descriptor in [requests, responses, errors] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        while true {
            let request: (header: [UInt8], payload: [UInt8])
            switch readFrame(requests) {
            case .end: return 0
            case .failed: return 74
            case .frame(let header, let payload): request = (header, payload)
            }
            for file in [input, output, diagnostics] {
                _ = ftruncate(file, 0)
                _ = lseek(file, 0, SEEK_SET)
            }
            guard writeAll(input, request.payload), lseek(input, 0, SEEK_SET) == 0 else { return 74 }
            _ = dup2(input, 0)
            _ = dup2(output, 1)
            _ = dup2(diagnostics, 2)
            let status = call(ServeFrame.words(ofRequestHeader: request.header))
            fflush(nil)
            _ = dup2(responses, 1)
            _ = dup2(errors, 2)
            let diagnostic = contents(diagnostics)
            guard status == 0 || status == 1 else {
                _ = writeAll(2, diagnostic)
                return status
            }
            let frame = ServeFrame.response(
                status == 0 ? .accepted : .rejected, payload: contents(output), diagnostic: diagnostic)
            guard writeAll(responses, frame) else { return 74 }
        }
    }

    enum Read {
        case frame(header: [UInt8], payload: [UInt8])
        case end
        case failed
    }

    /// One request frame from `descriptor`; `.end` at end of input before a frame begins.
    static func readFrame(_ descriptor: Int32) -> Read {
        guard let headerLength = readExactly(descriptor, 4) else { return .failed }
        if headerLength.isEmpty { return .end }
        let headerCount = headerLength.reduce(0) { $0 << 8 | Int($1) }
        guard headerCount <= ServeFrame.requestHeaderLimit, let header = readExactly(descriptor, headerCount),
            header.count == headerCount, let payloadLength = readExactly(descriptor, 4), payloadLength.count == 4
        else { return .failed }
        let payloadCount = payloadLength.reduce(0) { $0 << 8 | Int($1) }
        guard let payload = readExactly(descriptor, payloadCount), payload.count == payloadCount else {
            return .failed
        }
        return .frame(header: header, payload: payload)
    }

    /// `count` bytes, or an empty array at end of input before the first; nil on an error or a short read.
    static func readExactly(_ descriptor: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + done }, count - done) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return done == 0 && got == 0 ? [] : nil }
            done += got
        }
        return bytes
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeBytes {
                write(descriptor, $0.baseAddress.map { $0 + done }, bytes.count - done)
            }
            if wrote < 0 && errno == EINTR { continue }
            if wrote <= 0 { return false }
            done += wrote
        }
        return true
    }

    /// Everything written to `file` since it was emptied.
    static func contents(_ file: Int32) -> [UInt8] {
        let size = lseek(file, 0, SEEK_END)
        guard size > 0, lseek(file, 0, SEEK_SET) == 0 else { return [] }
        return readExactly(file, Int(size)) ?? []
    }

    typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>?, UInt32) -> Int32
    /// glibc's `memfd_create` (2.27+), which Swift does not see without `_GNU_SOURCE`.
    static let memfdCreate: MemfdCreate? = dlsym(dlopen(nil, RTLD_NOW), "memfd_create").map {
        unsafeBitCast($0, to: MemfdCreate.self)
    }

    /// An anonymous file, close-on-exec (MFD_CLOEXEC).
    static func memoryFile(_ name: String) -> Int32? {
        guard let memfdCreate else { return nil }
        let descriptor = name.withCString { memfdCreate($0, 1) }
        return descriptor >= 0 ? descriptor : nil
    }
}
