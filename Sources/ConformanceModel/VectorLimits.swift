// Sources/ConformanceModel/VectorLimits.swift - The sizes a vector set may state or contain (Docs/vectors.md)

/// Bounds on what a vector set contains and states, checked when it is loaded, before any case runs: a vectors
/// directory is untrusted input, and nothing in it may make the runner or the fixture server hold more than
/// these (a vector over one is refused, naming the vector: exit 74).
public enum VectorLimits {
    /// Largest file the manifest lists (an input, an expected result, a further file), and the manifest itself.
    /// Checked on the open file's size before reading it.
    public static let maxFileBytes = 8 << 20
    /// Largest sum of the sizes of every file of the set (the manifest included, each path counted once).
    public static let maxSetBytes = 64 << 20
    /// Largest body an icon-loading route declares (`padTo`), and so the most the fixture server sends for one
    /// request beyond a file's or text's own bytes (padding is written as it is sent, never held whole).
    public static let maxRouteBodyBytes = 8 << 20
    /// Largest `chunk` of a route (bytes per write).
    public static let maxRouteChunkBytes = 1 << 20
    /// Longest `delay` of a route, seconds between chunks.
    public static let maxRouteDelay = 1.0
    /// Longest a route's body may take to send at its chunk size and delay (chunks × delay), seconds.
    public static let maxRouteSendSeconds = 60.0
}
