// FuzzTesting/Sources/AdapterOutputOracle/ServeResponseCheck.swift - Oracle: the runner's reading of CMD serve responses

import ChildProcess
import FuzzCommon

/// What a persistent adapter server writes is untrusted input. Input: a control byte (the chunk size the bytes
/// arrive in, 1 to 64, and the caps), then the bytes off the server's standard output. Invariants: reading
/// finishes without trapping, whatever the chunking; it never consumes past the frame; the result (a response,
/// a protocol error, or "needs more") does not depend on how the bytes were chunked; a response holds at most
/// the caps, and re-encoded within the caps it is the bytes read.
public enum ServeResponseCheck {
    public static let target = "FuzzServeResponse"

    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        guard let control = input.first else { return false }
        let bytes = Array(input.dropFirst())
        let chunk = Int(control & 0x3f) + 1
        let payloadCap = control & 0x40 == 0 ? 1 << 20 : 16
        let diagnosticCap = control & 0x80 == 0 ? 1 << 20 : 8
        let whole = read(bytes, chunk: bytes.count + 1, payloadCap: payloadCap, diagnosticCap: diagnosticCap)
        let chunked = read(bytes, chunk: chunk, payloadCap: payloadCap, diagnosticCap: diagnosticCap)
        guard whole == chunked else {
            throw FuzzFinding(target, "the reading does not depend on the chunking", "\(whole) vs \(chunked)")
        }
        if case .response(let response, let used) = whole {
            guard used <= bytes.count, response.payload.count <= payloadCap,
                response.diagnostic.count <= diagnosticCap
            else { throw FuzzFinding(target, "a response stays within the caps and the input", "\(response)") }
            if !response.payloadTruncated && response.diagnostic.count < diagnosticCap {
                let again = ServeFrame.response(
                    response.status, payload: response.payload, diagnostic: response.diagnostic)
                // The one other spelling: a NUL after the status with an empty diagnostic, which is not written.
                let emptyDiagnosticSpelled = response.diagnostic.isEmpty && again.count + 1 == used
                if again != Array(bytes[0..<used]) && !emptyDiagnosticSpelled {
                    throw FuzzFinding(target, "a response re-encodes to the bytes read", "\(response)")
                }
            }
        }
        return true
    }

    enum Reading: Equatable {
        case response(ServeResponse, used: Int)
        case protocolError(ServeFrameError)
        case incomplete
    }

    static func read(_ bytes: [UInt8], chunk: Int, payloadCap: Int, diagnosticCap: Int) -> Reading {
        var reader = ResponseFrameReader(payloadCap: payloadCap, diagnosticCap: diagnosticCap)
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + chunk)
            do {
                index += try reader.feed(bytes[index..<end])
                if let response = reader.response { return .response(response, used: index) }
            } catch {
                return .protocolError(error)
            }
        }
        return reader.response.map { .response($0, used: index) } ?? .incomplete
    }
}
