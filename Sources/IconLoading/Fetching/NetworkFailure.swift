// Sources/IconLoading/Fetching/NetworkFailure.swift - A network failure in the project's words, the library's text kept apart

import CCurl

/// What went wrong on the network, in this project's words. libcurl's own message is kept beside it
/// (``FetchError/network(url:kind:libraryText:)``) for `--json` and `--explain`, never shown in its place.
public enum NetworkFailureKind: String, Hashable, Sendable, CustomStringConvertible {
    /// The host name did not resolve.
    case hostNotFound = "host-not-found"
    /// No connection could be made (refused, unreachable).
    case connectionFailed = "connection-failed"
    /// The time allowed for the whole load (`--timeout`) ran out.
    case timeout
    /// The TLS handshake failed (protocol or cipher mismatch, a reset during the handshake).
    case tlsHandshake = "tls-handshake"
    /// The server's certificate is not trusted (unknown issuer, wrong name, expired).
    case untrustedCertificate = "untrusted-certificate"
    /// The connection broke or the server's answer was not a well-formed HTTP response.
    case brokenResponse = "broken-response"
    /// Any other failure of the transfer.
    case other

    public var description: String {
        switch self {
        case .hostNotFound: return "the host name does not resolve"
        case .connectionFailed: return "no connection could be made to the host"
        case .timeout: return "timeout: the time allowed for the whole load (--timeout) ran out"
        case .tlsHandshake: return "the TLS handshake with the server failed"
        case .untrustedCertificate: return "the server's certificate is not trusted (issuer, name or dates)"
        case .brokenResponse: return "the connection broke or the answer is not a well-formed HTTP response"
        case .other: return "the transfer failed"
        }
    }

    /// The kind of a libcurl result code other than `CURLE_OK`.
    init(curlCode code: CURLcode) {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: self = .hostNotFound
        case CURLE_COULDNT_CONNECT: self = .connectionFailed
        case CURLE_OPERATION_TIMEDOUT: self = .timeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER: self = .tlsHandshake
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            self = .untrustedCertificate
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY,
            CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            self = .brokenResponse
        default: self = .other
        }
    }
}
