// Sources/IconLoading/Fetching/FetchPolicy.swift - The limits and trust settings of one fetch

/// What one fetch may do: how many bytes, how long, which extra certificate authorities.
public struct FetchPolicy: Hashable, Sendable {
    /// The body is refused as soon as more than this many bytes arrive (checked while streaming).
    public var maxBytes: Int
    /// Seconds allowed to establish the connection (TCP and TLS).
    public var connectTimeout: Double
    /// Seconds allowed for the whole fetch, body and every redirect hop included.
    public var totalTimeout: Double
    /// When set, the fetch (every hop) must also end by then: a load's one deadline over all its fetches.
    public var deadline: Deadline?
    /// Redirects followed at most; each target must itself pass ``URLRules``.
    public var maxRedirects: Int
    /// Extra trust anchors (PEM bytes, see ``TrustAnchorFile``), added to the system's for this fetch.
    public var extraTrustAnchors: [UInt8]?
    /// Whether connections to loopback, link-local and private addresses (``AddressRules``) are allowed.
    public var allowPrivateAddresses: Bool

    public init(
        maxBytes: Int, connectTimeout: Double = 10, totalTimeout: Double = 30, deadline: Deadline? = nil,
        maxRedirects: Int = 3, extraTrustAnchors: [UInt8]? = nil, allowPrivateAddresses: Bool = false
    ) {
        self.maxBytes = maxBytes
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.deadline = deadline
        self.maxRedirects = maxRedirects
        self.extraTrustAnchors = extraTrustAnchors
        self.allowPrivateAddresses = allowPrivateAddresses
    }

    /// appInfo.json: 64 KiB, as the appInfo parser's own limit.
    public static let appInfo = FetchPolicy(maxBytes: 64 << 10)
    /// An icon image: 2 MiB.
    public static let image = FetchPolicy(maxBytes: 2 << 20)
}

/// Validators from an earlier response, sent as `If-None-Match` / `If-Modified-Since`.
public struct Validators: Hashable, Sendable, Codable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is anything to revalidate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
