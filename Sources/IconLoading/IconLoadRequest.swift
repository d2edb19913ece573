// Sources/IconLoading/IconLoadRequest.swift - Everything one load needs to know

import IconCache
import IconMask
import Icons

/// What to load and how.
public struct IconLoadRequest: Hashable, Sendable {
    public var appInfoURL: String
    public var scale: Int
    public var profile: IconProfile
    public var corners: CornerStyle
    /// Extra trust anchors (PEM) for this run.
    public var caFile: String?
    /// Total timeout per request, in seconds (connect timeout: the smaller of this and 10 s).
    public var timeout: Double
    /// The cache, or nil for `--no-cache`.
    public var cache: IconCacheStore?

    public init(
        appInfoURL: String, scale: Int, profile: IconProfile = .recommended, corners: CornerStyle = .continuous,
        caFile: String? = nil, timeout: Double = 30, cache: IconCacheStore? = nil
    ) {
        self.appInfoURL = appInfoURL
        self.scale = scale
        self.profile = profile
        self.corners = corners
        self.caFile = caFile
        self.timeout = timeout
        self.cache = cache
    }

    var cacheKey: CacheKey { CacheKey(appInfoURL: appInfoURL, scale: scale, profile: profile.rawValue) }
}
