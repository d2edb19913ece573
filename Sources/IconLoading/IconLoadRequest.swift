// Sources/IconLoading/IconLoadRequest.swift - Everything one load needs to know

import AttributeFiles
import Icons

/// What to load and how.
public struct IconLoadRequest: Hashable, Sendable {
    public var appInfoURL: String
    public var scale: Int
    public var profile: IconProfile
    public var corners: CornerStyle
    /// Extra trust anchors (a PEM file, byte-exact path) for this run; read once, before any request.
    public var caFile: BytePath?
    /// Seconds for the whole load: both fetches and every redirect hop (connect timeout: the smaller
    /// of what is left and 10 s).
    public var timeout: Double
    /// The cache, or nil for `--no-cache`.
    public var cache: IconCacheStore?
    /// Whether loopback, link-local and private addresses may be connected to (`--allow-private-hosts`).
    public var allowPrivateHosts: Bool

    public init(
        appInfoURL: String, scale: Int, profile: IconProfile = .recommended, corners: CornerStyle = .continuous,
        caFile: BytePath? = nil, timeout: Double = 30, cache: IconCacheStore? = nil, allowPrivateHosts: Bool = false
    ) {
        self.appInfoURL = appInfoURL
        self.scale = scale
        self.profile = profile
        self.corners = corners
        self.caFile = caFile
        self.timeout = timeout
        self.cache = cache
        self.allowPrivateHosts = allowPrivateHosts
    }

    var cacheKey: CacheKey { CacheKey(appInfoURL: appInfoURL, scale: scale, profile: profile.rawValue) }
}
