// Sources/ChildProcess/ResponseFrameReader.swift - Reads one response frame from bytes as they arrive

/// Reads one response frame incrementally, from chunks as they come off the pipe, holding at most the caps:
/// a payload longer than `payloadCap` is read to its end and the rest skipped (as the one-process-per-call
/// mode caps standard output), a diagnostic longer than `diagnosticCap` is cut.
public struct ResponseFrameReader: Sendable {
    private enum Stage: Sendable {
        case headerLength
        case header(Int)
        case payloadLength
        case payload(Int)
        case done
    }

    public let payloadCap: Int
    public let diagnosticCap: Int
    private var stage = Stage.headerLength
    private var pending: [UInt8] = []
    private var header: [UInt8] = []
    private var payload: [UInt8] = []
    private var payloadSeen = 0
    private var status = ServeStatus.accepted
    /// The response, once the whole frame has been read.
    public private(set) var response: ServeResponse?

    public init(payloadCap: Int, diagnosticCap: Int) {
        self.payloadCap = max(0, payloadCap)
        self.diagnosticCap = max(0, diagnosticCap)
    }

    /// Whether nothing of a frame has been read yet.
    public var isEmpty: Bool {
        if case .headerLength = stage { return pending.isEmpty }
        return false
    }

    /// Reads from `bytes` until the frame is complete.
    /// - Returns: how many bytes of `bytes` belong to the frame; fewer than `bytes.count` only when the frame
    ///   ended inside them.
    /// - Throws: `ServeFrameError` when the bytes are not a response frame.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) throws(ServeFrameError) -> Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch stage {
            case .done:
                return index - bytes.startIndex
            case .headerLength, .payloadLength:
                let take = min(4 - pending.count, bytes.endIndex - index)
                pending += bytes[index..<(index + take)]
                index += take
                if pending.count == 4 { try lengthRead() }
            case .header(let length):
                let take = min(length - header.count, bytes.endIndex - index)
                header += bytes[index..<(index + take)]
                index += take
                if header.count == length {
                    status = try Self.status(of: header)
                    stage = .payloadLength
                }
            case .payload(let length):
                let take = min(length - payloadSeen, bytes.endIndex - index)
                let room = max(0, min(take, payloadCap - payload.count))
                payload += bytes[index..<(index + room)]
                payloadSeen += take
                index += take
                if payloadSeen == length { complete(length: length) }
            }
        }
        if case .payload(let length) = stage, payloadSeen == length { complete(length: length) }
        return index - bytes.startIndex
    }

    private mutating func lengthRead() throws(ServeFrameError) {
        let length = pending.reduce(0) { $0 << 8 | Int($1) }
        pending = []
        if case .headerLength = stage {
            guard length <= ServeFrame.responseHeaderLimit else { throw .headerTooLong(length) }
            stage = .header(length)
            if length == 0 { status = try Self.status(of: []) }
        } else {
            stage = .payload(length)
            if length == 0 { complete(length: 0) }
        }
    }

    private mutating func complete(length: Int) {
        let diagnosticStart = header.firstIndex(of: 0).map { $0 + 1 } ?? header.count
        response = ServeResponse(
            status: status, payload: payload, payloadTruncated: length > payloadCap,
            diagnostic: Array(header[diagnosticStart...].prefix(diagnosticCap)))
        stage = .done
    }

    private static func status(of header: [UInt8]) throws(ServeFrameError) -> ServeStatus {
        let word = header.prefix { $0 != 0 }
        guard let status = ServeStatus(rawValue: String(decoding: word, as: UTF8.self)),
            Array(status.rawValue.utf8) == Array(word)
        else { throw .unknownStatus(String(decoding: word.prefix(40), as: UTF8.self)) }
        return status
    }
}
