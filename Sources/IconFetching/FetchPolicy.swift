// Sources/IconFetching/FetchPolicy.swift - The limits and trust settings of one fetch

/// What one fetch may do: how many bytes, how long, which extra certificate authorities.
public struct FetchPolicy: Hashable, Sendable {
    /// The body is refused as soon as more than this many bytes arrive (checked while streaming).
    public var maxBytes: Int
    /// Seconds allowed to establish the connection (TCP and TLS).
    public var connectTimeout: Double
    /// Seconds allowed for the whole request, body included (each redirect hop gets its own).
    public var totalTimeout: Double
    /// Redirects followed at most; each target must itself pass ``URLRules``.
    public var maxRedirects: Int
    /// A PEM file of extra trust anchors, added to the system's for this fetch.
    public var extraCAFile: String?

    public init(
        maxBytes: Int, connectTimeout: Double = 10, totalTimeout: Double = 30, maxRedirects: Int = 3,
        extraCAFile: String? = nil
    ) {
        self.maxBytes = maxBytes
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxRedirects = maxRedirects
        self.extraCAFile = extraCAFile
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
