// Sources/BinaryPlist/DecodingStatistics.swift - Work the decoder did, counted (tests and benchmarks)

/// How much work one decode did, counted in objects and elements rather than time.
public struct DecodingStatistics: Hashable, Sendable {
    /// Objects decoded (each object at most once, however often it is referenced).
    public var objectsDecoded: Int = 0
    /// Shared references answered from the already-decoded object.
    public var referencesReused: Int = 0
    /// Elements reserved for arrays, sets and dictionaries (bounded by the bytes actually present).
    public var elementsReserved: Int = 0
    /// Payload bytes copied or decoded into strings and data.
    public var payloadBytes: Int = 0
    /// Deepest container nesting reached (the root container is 1).
    public var maximumDepthReached: Int = 0

    /// All counts zero.
    public init() {}
}
