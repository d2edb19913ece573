// Sources/DocumentSource/PropertyListFormat.swift - Which kind of property list a byte string looks like

/// The format a byte string appears to be in, judged from its first bytes.
///
/// The original reads any format (`NSPropertyListSerialization`), but the convention requires binary;
/// the validator names what it found instead.
public enum PropertyListFormat: Hashable, Sendable {
    /// Starts with `bplist` followed by the two-character version (`00`, `15`, `16`, …).
    case binary(version: String)
    /// An XML property list (`<?xml`, `<!DOCTYPE plist` or `<plist`, after an optional BOM and whitespace).
    case xml
    /// An OpenStep (old-style ASCII) property list: `{`, `(`, `"` or `<` (data) after whitespace/comments.
    case openStep
    /// Zero bytes.
    case empty
    /// Nothing recognisable.
    case unknown

    /// Guesses the format of `bytes` from its first bytes; never reads more than the first 1 KiB.
    public static func detect(_ bytes: [UInt8]) -> PropertyListFormat {
        if bytes.isEmpty { return .empty }
        // Compared in place: every attribute read passes here, and `Array("bplist".utf8)` allocates.
        if bytes.starts(with: "bplist".utf8) {
            let version = bytes.dropFirst(6).prefix(2)
            return .binary(version: String(decoding: version, as: UTF8.self))
        }
        var text = bytes.prefix(1024)
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let trimmed = text.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        for marker in ["<?xml", "<!DOCTYPE plist", "<plist"] where trimmed.starts(with: Array(marker.utf8)) {
            return .xml
        }
        if let first = trimmed.first, [UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\"")].contains(first) {
            return .openStep
        }
        if trimmed.starts(with: Array("//".utf8)) || trimmed.starts(with: Array("/*".utf8)) { return .openStep }
        return .unknown
    }

    /// A short name for messages: `binary (bplist00)`, `XML`, `OpenStep text`, `empty`, `unknown`.
    public var displayName: String {
        switch self {
        case .binary(let version): return "binary (bplist\(version))"
        case .xml: return "XML"
        case .openStep: return "OpenStep text"
        case .empty: return "empty"
        case .unknown: return "unrecognised"
        }
    }
}
