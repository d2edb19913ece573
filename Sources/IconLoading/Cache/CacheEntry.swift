// Sources/IconLoading/Cache/CacheEntry.swift - What is kept per key: appInfo.json and the chosen image

/// One cached HTTP resource with what is needed to reuse or revalidate it.
public struct CachedResource: Hashable, Sendable {
    /// The URL requested (before redirects): what a later run asks for again.
    public var url: String
    public var body: [UInt8]
    public var validators: Validators
    /// Seconds since 1970 when the response (or its last 304) arrived.
    public var storedAt: Double
    /// `Cache-Control: max-age`, when given.
    public var maxAge: Int?

    public init(url: String, body: [UInt8], validators: Validators, storedAt: Double, maxAge: Int?) {
        self.url = url
        self.body = body
        self.validators = validators
        self.storedAt = storedAt
        self.maxAge = maxAge
    }

    /// Fresh: usable without any request. Without `max-age` nothing is fresh (it is revalidated
    /// with its validators, or fetched again when it has none).
    public func isFresh(at now: Double) -> Bool {
        guard let maxAge else { return false }
        return now >= storedAt && now < storedAt + Double(maxAge)
    }
}

/// Everything cached for one key.
public struct CacheEntry: Hashable, Sendable {
    public var appInfo: CachedResource
    /// The image chosen from `appInfo`, when there was one.
    public var image: CachedResource?

    public init(appInfo: CachedResource, image: CachedResource?) {
        self.appInfo = appInfo
        self.image = image
    }
}
