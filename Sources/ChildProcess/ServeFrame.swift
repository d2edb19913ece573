// Sources/ChildProcess/ServeFrame.swift - The frames of `CMD serve`: one codec for the runner and the Swift adapters

/// The framing of the persistent adapter mode (`CMD serve`, Docs/conformance.md "The persistent mode").
///
/// Both directions use the same frame: a 4-byte big-endian header length, the header, a 4-byte big-endian
/// payload length, the payload.
///
/// - A **request** header is the call's words as on the command line (`decode`, or `select-icon`, `--scale`,
///   `2`, `--app-info-url`, `URL`), each UTF-8, separated by one NUL byte; the payload is what the call's
///   standard input would be.
/// - A **response** header is the status word `accepted` or `rejected`, then optionally a NUL byte and a
///   diagnostic (what the call would have printed on standard error); the payload is what it would have
///   printed on standard output.
public enum ServeFrame {
    /// The largest request header the runner sends and a Swift adapter accepts.
    public static let requestHeaderLimit = 1 << 16
    /// The largest response header (status and diagnostic) the runner reads.
    public static let responseHeaderLimit = 1 << 20

    /// A request frame for `words` (the call and its arguments) with `payload` as standard input.
    public static func request(_ words: [String], payload: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        for (index, word) in words.enumerated() {
            if index > 0 { header.append(0) }
            header += Array(word.utf8)
        }
        return frame(header: header, payload: payload)
    }

    /// A response frame.
    public static func response(_ status: ServeStatus, payload: [UInt8], diagnostic: [UInt8]) -> [UInt8] {
        var header = Array(status.rawValue.utf8)
        if !diagnostic.isEmpty { header += [0] + diagnostic }
        return frame(header: header, payload: payload)
    }

    /// The two lengths and their bytes.
    static func frame(header: [UInt8], payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + header.count + payload.count)
        bytes += bigEndian(header.count)
        bytes += header
        bytes += bigEndian(payload.count)
        bytes += payload
        return bytes
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        let value = UInt32(truncatingIfNeeded: value)
        return [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    /// The words of a request header.
    public static func words(ofRequestHeader header: [UInt8]) -> [String] {
        header.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The two answers a server gives without ending; any other end of a call (a crash, exit status 64 or 70, a
/// signal) is the server process ending, as the one-process-per-call mode would.
public enum ServeStatus: String, Hashable, Sendable {
    case accepted
    case rejected
}

/// One response, as read.
public struct ServeResponse: Hashable, Sendable {
    public var status: ServeStatus
    /// The payload, at most the reader's cap; `payloadTruncated` says whether more was sent (and skipped).
    public var payload: [UInt8]
    public var payloadTruncated: Bool
    /// The diagnostic, at most the reader's cap.
    public var diagnostic: [UInt8]

    public init(status: ServeStatus, payload: [UInt8], payloadTruncated: Bool = false, diagnostic: [UInt8]) {
        self.status = status
        self.payload = payload
        self.payloadTruncated = payloadTruncated
        self.diagnostic = diagnostic
    }
}

/// Why bytes are not a response frame: a protocol error, which the runner grades as a crash and answers by
/// ending the server.
public enum ServeFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header length is above `ServeFrame.responseHeaderLimit`.
    case headerTooLong(Int)
    /// The header's status word is neither `accepted` nor `rejected`.
    case unknownStatus(String)

    public var description: String {
        switch self {
        case .headerTooLong(let length):
            return "response header of \(length) bytes (at most \(ServeFrame.responseHeaderLimit))"
        case .unknownStatus(let word): return "response status \"\(word)\" (accepted or rejected expected)"
        }
    }
}
