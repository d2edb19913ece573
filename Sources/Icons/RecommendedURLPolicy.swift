// Sources/Icons/RecommendedURLPolicy.swift - Recommended profile: RFC 3986 resolution and which URLs are acceptable

import DocumentSource
import Foundation

/// Turns a `src` into an acceptable absolute URL, or says why not.
///
/// 1. Non-ASCII characters are percent-encoded as UTF-8 (the IRI-to-URI mapping of RFC 3987 §3.1).
/// 2. The text must then be a URI reference: only RFC 3986 characters, `%` followed by two hex
///    digits, `[`/`]` only in the authority, at most one `#`, a scheme (if any) of
///    `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
/// 3. It is resolved against the appInfoURL (RFC 3986 §5.2, strict).
/// 4. The result must be `https` (or `http` to a loopback host when allowed), with a non-empty
///    host, no userinfo, a numeric port if any. The scheme is written in lower case; nothing else
///    is normalised.
public enum RecommendedURLPolicy {
    /// Parses and checks the appInfoURL: a URI with a scheme.
    public static func base(_ appInfoURL: String) -> Result<URIReference, URLRefusal> {
        switch reference(appInfoURL) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let parsed):
            guard parsed.scheme != nil else { return .failure(URLRefusal("appInfoURL has no scheme")) }
            return .success(parsed)
        }
    }

    /// Resolves `src` against `base` and applies the acceptance rules.
    public static func resolve(
        _ src: String, against base: URIReference, options: SelectionOptions
    ) -> Result<String, URLRefusal> {
        guard !src.isEmpty else { return .failure(URLRefusal("empty src")) }
        let parsed: URIReference
        switch reference(src) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): parsed = value
        }
        var target = parsed.resolved(against: base)
        let scheme = (target.scheme ?? "").lowercased()
        target.scheme = scheme
        switch scheme {
        case "file", "data", "javascript":
            return .failure(URLRefusal("\(scheme): URLs are refused"))
        default: break
        }
        // The one URL rule, as for appInfoURL (scheme, userinfo, host, port range).
        let text = target.text
        if let reason = WebURLRule.refusal(text, allowLoopbackHTTP: options.allowLoopbackHTTP) {
            return .failure(URLRefusal(reason))
        }
        return .success(text)
    }

    /// Whether `host` names the loopback interface: `localhost`, `127.x.y.z`, `[::1]`.
    public static func isLoopback(_ host: String) -> Bool { WebURLRule.isLoopback(host) }

    /// IRI mapping, character checks and the Appendix B split.
    static func reference(_ text: String) -> Result<URIReference, URLRefusal> {
        // Byte by byte: a non-ASCII scalar's UTF-8 bytes are exactly its non-ASCII bytes.
        var bytes: [UInt8] = []
        if ASCIIText.isASCII(text) {
            bytes = Array(text.utf8)
        } else {
            bytes.reserveCapacity(text.utf8.count * 3)
            for byte in text.utf8 {
                if byte < 0x80 {
                    bytes.append(byte)
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
            }
        }
        var index = 0
        var hashes = 0
        while index < bytes.count {
            // Most bytes are URI characters other than "%" and "#": a table look-up settles them.
            index = skipPlainURICharacters(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return .failure(URLRefusal("not a URL: '%' not followed by two hex digits at offset \(index)"))
                }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") { hashes += 1 }
            guard isURICharacter(byte), hashes <= 1 else {
                let shown = byte < 0x20 || byte == 0x7F ? String(format(byte)) : String(UnicodeScalar(byte))
                return .failure(URLRefusal("not a URL: character '\(shown)' at offset \(index)"))
            }
            index += 1
        }
        let parsed = URIReference.split(ascii: bytes)  // what URIReference(parsing: mapped) gives: it is ASCII
        if let scheme = parsed.scheme {
            // The mapped text is ASCII: each character is one byte.
            let valid =
                scheme.utf8.first.map(isASCIILetter) == true
                && scheme.utf8.allSatisfy {
                    isASCIILetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                }
            guard valid else { return .failure(URLRefusal("not a URL: invalid scheme '\(scheme)'")) }
        }
        // Path, query and fragment one after the other (an array literal of them cost an allocation),
        // and only when the text holds a bracket at all (memchr, not a comparison per byte).
        if hasBracket(bytes),
            hasBracket(parsed.path) || parsed.query.map(hasBracket) == true || parsed.fragment.map(hasBracket) == true
        {
            return .failure(URLRefusal("not a URL: '[' or ']' outside the host"))
        }
        return .success(parsed)
    }

    /// The URI characters (``isURICharacter(_:)``) other than `%` and `#`, by byte value.
    static let plainURICharacters = ASCIIText.table {
        isURICharacter($0) && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "#")
    }

    /// The first index at or after `start` whose byte is not in ``plainURICharacters`` (or the count).
    /// Through unsafe buffers: the table and array bounds checks would each be a compare too.
    static func skipPlainURICharacters(_ bytes: [UInt8], from start: Int) -> Int {
        plainURICharacters.withUnsafeBufferPointer { plain in
            bytes.withUnsafeBufferPointer { buffer in
                var index = start
                while index < buffer.count && plain[Int(buffer[index])] { index += 1 }
                return index
            }
        }
    }

    static func hasBracket(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "[")), buffer.count) != nil
                || memchr(base, Int32(UInt8(ascii: "]")), buffer.count) != nil
        }
    }

    static func hasBracket(_ part: String) -> Bool {
        part.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") })
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isURICharacter(_ byte: UInt8) -> Bool { WebURLRule.isURICharacter(byte) }

    static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    static func hex(_ byte: UInt8) -> String {
        String(decoding: [hexDigit(byte >> 4), hexDigit(byte & 0x0F)], as: UTF8.self)
    }

    /// The upper-case hex digit of `nibble` (0...15).
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    private static func format(_ byte: UInt8) -> String { "\\u{" + hex(byte) + "}" }
}

/// Why a URL is not acceptable.
public struct URLRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
