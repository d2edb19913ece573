// Sources/IconLoading/Fetching/FetchError.swift - Why a fetch failed: a refusal, the network or the server

/// A safety rule that refuses a URL or a response; the message names the URL and the rule.
public enum RefusalRule: String, Hashable, Sendable {
    /// Only `https` is fetched (the convention, and iOS App Transport Security).
    case httpsOnly = "https-only"
    /// `user@host` / `user:password@host` URLs are refused: no credentials are ever sent.
    case userinfo = "no-userinfo"
    /// At most ``FetchPolicy/maxRedirects`` redirects.
    case tooManyRedirects = "max-redirects"
    /// The body is larger than ``FetchPolicy/maxBytes``.
    case tooLarge = "size-cap"
    /// The URL could not be parsed into scheme and host.
    case malformedURL = "malformed-url"
    /// The host name holds `%` (libcurl would decode `%XX`, so the name checked is not the name used).
    case percentEncodedHost = "percent-encoded-host"
    /// The host resolved to a loopback, link-local, private or otherwise non-public address
    /// (``AddressRules``) and private hosts were not allowed.
    case privateAddress = "private-address"
}

/// Why a fetch gave no body.
public enum FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A safety rule refused the URL (before any connection) or the response (while streaming).
    case refused(url: String, rule: RefusalRule, detail: String)
    /// Connecting, TLS, a timeout or the transfer failed: the kind in this project's words, and libcurl's own
    /// message (empty when the failure is the fetcher's own, such as the load's deadline).
    case network(url: String, kind: NetworkFailureKind, libraryText: String)
    /// The server answered with a status other than 2xx (or 304 when revalidating).
    case server(url: String, status: Int)
    /// The fetcher could not be set up (libcurl refused an option).
    case setup(detail: String)

    public var description: String {
        switch self {
        case .refused(let url, let rule, let detail): return "refused \(url): rule \(rule.rawValue): \(detail)"
        case .network(let url, let kind, _): return "network failure for \(url): \(kind)"
        case .server(let url, let status): return "server answered \(status) for \(url)"
        case .setup(let detail): return "cannot set up the HTTP client: \(detail)"
        }
    }
}
