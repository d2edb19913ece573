// Sources/IconLoading/LoadTrace.swift - What happened during one load, for --json and --explain

/// One resource obtained (appInfo.json or the image): from the network, or from the cache.
public struct ResourceStep: Hashable, Sendable {
    /// `appInfo` or `image`.
    public var resource: String
    /// The URL asked for.
    public var url: String
    /// Every URL requested on the network, redirects included (empty when served from the cache).
    public var requested: [String]
    /// The final HTTP status (200, 304), or nil when no request was made.
    public var status: Int?
    /// Bytes of the body used.
    public var bytes: Int
    /// `disabled`, `miss`, `fresh` (no request), `revalidated` (304), `changed` (revalidation
    /// got a new body), `corrupt-refetched`.
    public var cache: String
}

/// The steps and the explanation of one load, kept even when loading fails.
public struct LoadTrace: Hashable, Sendable {
    public var steps: [ResourceStep] = []
    /// Human-readable lines, in order (`--explain`).
    public var notes: [String] = []
    /// The chosen entry, once selection ran.
    public var chosen: ChosenIcon?

    public init() {}

    mutating func note(_ line: String) { notes.append(line) }
}

/// The entry selection chose.
public struct ChosenIcon: Hashable, Sendable {
    public var url: String
    public var width: Int
    public var height: Int
    public var index: Int
}

/// A loaded, masked icon.
public struct LoadedIcon: Hashable, Sendable {
    /// The PNG bytes (29·S square).
    public var png: [UInt8]
    public var pixelSize: Int
    public var chosen: ChosenIcon
}
