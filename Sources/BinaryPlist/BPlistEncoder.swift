// Sources/BinaryPlist/BPlistEncoder.swift - Canonical bplist00 writer (entry point)

/// Writes a `PropertyListValue` as bplist00 in the canonical layout plistlib and swift-foundation share.
public enum BPlistEncoder {
    /// Encodes `value` as a complete bplist00 document.
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        []
    }
}
