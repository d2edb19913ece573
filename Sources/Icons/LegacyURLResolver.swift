// Sources/Icons/LegacyURLResolver.swift - -[NSURL initWithString:relativeToURL:] as classic CFURL does it

import Foundation

/// Emulates the CFURL behind `-[NSURL initWithString:relativeToURL:]` and `absoluteString`, as
/// the original ran it (classic CFURL.c, which swift-corelibs-foundation still ships on Linux;
/// IconsTests compare the two on random strings):
///
/// - The string must be "legal" (`_CFStringIsLegalURLString`): ASCII letters, digits,
///   `-_.!~*'()`, `;/?:@&=+$,`, `[` `]`, `%` followed by two hex digits, and at most one `#`.
///   Anything else (space, non-ASCII, `"<>\^`{|}`, a second `#`, a bare `%`) gives `nil`.
/// - It is absolute when it starts with a letter and has a `:` preceded only by letters, digits,
///   `+`, `-`, `.` (so `icon:2x.png` is absolute, `img/a:b.png` and `1x:y` are relative).
/// - A relative string is resolved as `resolveAbsoluteURLString` does (RFC 1808 style): the `//`
///   net location runs to the next `/` or `?` (an empty one does not count); a relative path is
///   merged with the base path up to its last `/` and cleaned by `_resolvedPath`, which never
///   strips a leading `..` (`../../../g` against `/b/c/d` gives `/../g`); an absolute path
///   (`/./g`) is used as written; `;` is part of the path; the empty string gives the base.
/// - `[` and `]` outside an IPv6 host are written `%5B` / `%5D`.
/// - Not reproduced (implementation-defined, documented): strings starting with `:` (nil here;
///   CFURL mostly answers the base URL) and CFURL's bracket escaping inside odd net locations.
enum LegacyURLResolver {
    /// The absolute URL string, or `nil` where `initWithString:relativeToURL:` returns nil.
    /// `base` must satisfy ``isUsableBase(_:)``.
    static func resolve(_ string: String, against base: String) -> String? {
        guard isLegal(string), !string.hasPrefix(":") else { return nil }
        let relative = ClassicComponents(string)
        if let scheme = relative.scheme {
            let rest = string.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("/") else {
                // Not hierarchical ("b:x#y"): CFURL keeps no fragment and escapes the "#".
                return scheme + ":" + replacingASCII(UInt8(ascii: "#"), with: "%23", in: escapeBrackets(String(rest)))
            }
            return relative.sanitized()
        }
        let baseParts = ClassicComponents(base)
        var result = (baseParts.scheme ?? "") + ":"
        if relative.netLocation != nil {
            return result + relative.sanitized()
        }
        result += "//" + escapeNetLocation(baseParts.netLocation ?? "")
        if !relative.path.isEmpty {
            var newPath: String
            if baseParts.path.isEmpty || relative.path.hasPrefix("/") {
                newPath = relative.path
            } else {
                // Both paths are ASCII (legal URL strings), so their UTF-8 bytes are CFURL's UTF-16 units;
                // decoding UTF-16 went through the standard library's slow path, an allocation per unit.
                let baseUnits = Array(baseParts.path.utf8)
                var keep = baseUnits.count - 1
                while keep != 0 && baseUnits[keep] != 0x2F { keep -= 1 }
                if baseUnits[keep] == 0x2F { keep += 1 }
                var merged = Array(baseUnits[..<keep])
                merged.append(contentsOf: relative.path.utf8)
                newPath = String(decoding: resolvedPath(merged), as: UTF8.self)
            }
            if baseParts.path.isEmpty && !newPath.hasPrefix("/") { result += "/" }
            return result + escapeBrackets(newPath + relative.suffixAfterPath)
        }
        result += baseParts.path
        if relative.query == nil && relative.fragment == nil {
            return result + baseParts.suffixAfterPath
        }
        if let query = relative.query ?? baseParts.query { result += "?" + escapeBrackets(query) }
        if let fragment = relative.fragment { result += "#" + escapeBrackets(fragment) }
        return result
    }

    /// Whether the appInfoURL makes an absolute `http`/`https` NSURL with a host: anything else
    /// either gives no NSURL (`+[NSURL URLWithString:]`) or is not fetched by the original.
    ///
    /// That is, ``ClassicComponents`` of the string has the scheme `http` or `https` (any case) and a
    /// net location. Read on the bytes (a legal string is ASCII) without building the components:
    /// this runs for every selection. `isUsableBaseMatchesTheComponents` compares the two.
    static func isUsableBase(_ string: String) -> Bool {
        guard isLegal(string) else { return false }
        let bytes = string.utf8
        // The scheme: everything before the first ":" (letters only here, so no "#" comes first).
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let schemeLength = bytes.distance(from: bytes.startIndex, to: colon)
        guard schemeLength == 4 || schemeLength == 5 else { return false }
        // `byte | 0x20` is the lower-case letter exactly for that letter in either case.
        guard zip(bytes[..<colon], "https".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return false }
        // Then "//" and a non-empty net location: it ends at "/", "?" or the "#" of the fragment.
        let upper = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        let slash = UInt8(ascii: "/")
        var index = bytes.index(after: colon)
        for _ in 0..<2 {
            guard index < upper, bytes[index] == slash else { return false }
            index = bytes.index(after: index)
        }
        return index < upper && bytes[index] != slash && bytes[index] != UInt8(ascii: "?")
    }

    /// Brackets stay in an IPv6 literal host (`[::1]`, `user@[::1]:8`) and are escaped elsewhere.
    static func escapeNetLocation(_ text: String) -> String {
        let hostPart = text.split(separator: "@", omittingEmptySubsequences: false).last ?? Substring(text)
        if hostPart.hasPrefix("["), let close = hostPart.firstIndex(of: "]"),
            hostPart.dropFirst().prefix(while: { $0 != "]" }).allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
            !hostPart[hostPart.index(after: close)...].contains("]"), !text.dropLast(hostPart.count).contains("[")
        {
            return text
        }
        return escapeBrackets(text)
    }

    /// CFURL's sanitised string writes `[` and `]` outside the net location as `%5B` and `%5D`.
    static func escapeBrackets(_ text: String) -> String {
        ASCIIText.withBytes(text) { bytes -> String in
            let all = 0..<bytes.count
            guard
                ASCIIText.firstIndex(of: UInt8(ascii: "["), in: bytes, all) != nil
                    || ASCIIText.firstIndex(of: UInt8(ascii: "]"), in: bytes, all) != nil
            else { return text }
            guard ASCIIText.isASCII(UnsafeRawBufferPointer(bytes)) else {
                return replacingASCII(
                    UInt8(ascii: "]"), with: "%5D", in: replacingASCII(UInt8(ascii: "["), with: "%5B", in: text))
            }
            // ASCII: both brackets in one pass over the bytes.
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "["): escaped += "%5B".utf8
                case UInt8(ascii: "]"): escaped += "%5D".utf8
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        }
    }

    /// `text.replacingOccurrences(of: target, with: replacement)`, byte by byte for ASCII text
    /// (every legal URL string; there a one-byte character is one character); Foundation otherwise.
    static func replacingASCII(_ target: UInt8, with replacement: String, in text: String) -> String {
        guard ASCIIText.isASCII(text) else {
            return text.replacingOccurrences(of: String(UnicodeScalar(target)), with: replacement)
        }
        guard text.utf8.contains(target) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == target { bytes += replacement.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `_CFStringIsLegalURLString`.
    ///
    /// Read as UTF-8 rather than UTF-16 with the same verdict: an ASCII character is one unit in
    /// both, and a non-ASCII one starts with a unit of 0x80 or more in both, which nothing accepts
    /// (not even as a hex digit after `%`).
    static func isLegal(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { isLegal($0) } ?? isLegal(Array(string.utf8))
    }

    /// ``isLegal(_:)`` on UTF-8 bytes.
    static func isLegal(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { isLegal($0) } }

    /// ``isLegal(_:)`` on UTF-8 bytes, through unsafe buffers (a bounds check is a compare too).
    static func isLegal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var sawHash = false
        return plainLegalCharacters.withUnsafeBufferPointer { plain in
            var index = 0
            while index < bytes.count {
                // Most bytes are legal characters other than "%" and "#": a table look-up settles them.
                while index < bytes.count && plain[Int(bytes[index])] { index += 1 }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, isHexDigit(UInt16(bytes[index + 1])),
                        isHexDigit(UInt16(bytes[index + 2]))
                    else { return false }
                    index += 3
                } else if byte == UInt8(ascii: "#") && !sawHash {
                    sawHash = true
                    index += 1
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// The original character-by-character form of ``isLegal(_:)``, kept to test the fast one against.
    static func isLegalReference(_ string: String) -> Bool {
        var hexDigitsExpected = 0
        var sawHash = false
        for byte in string.utf8 {
            let unit = UInt16(byte)
            if hexDigitsExpected > 0 {
                guard isHexDigit(unit) else { return false }
                hexDigitsExpected -= 1
                continue
            }
            if unit == 0x25 {  // %
                hexDigitsExpected = 2
                continue
            }
            if unit == 0x5B || unit == 0x5D { continue }  // [ ] (RFC 2732)
            if unit == 0x23 {  // #
                if sawHash { return false }
                sawHash = true
                continue
            }
            guard isLegalCharacter(unit) else { return false }
        }
        return hexDigitsExpected == 0
    }

    /// The bytes ``isLegal(_:)`` accepts on their own: ``isLegalCharacter(_:)``, `[` and `]`.
    static let plainLegalCharacters = ASCIIText.table {
        isLegalCharacter(UInt16($0)) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
    }

    static func isLegalCharacter(_ unit: UInt16) -> Bool {
        guard unit < 0x80 else { return false }
        let byte = UInt8(unit)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"),
            UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ";"),
            UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "&"),
            UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "$"), UInt8(ascii: ","):
            return true
        default:
            return false
        }
    }

    static func isHexDigit(_ unit: UInt16) -> Bool {
        (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x46) || (unit >= 0x61 && unit <= 0x66)
    }

    /// CFURL's `_resolvedPath(…, '/', stripLeadingDotDots: false, stripTrailingDelimiter: false)`,
    /// transcribed step by step (including its "./" + NUL fallback for a path that would vanish), on
    /// UTF-16 units or, for ASCII paths, the same values as UTF-8 bytes.
    static func resolvedPath<Unit: FixedWidthInteger>(_ path: [Unit]) -> [Unit] {
        let dot: Unit = 0x2E
        let slash: Unit = 0x2F
        var buffer = path
        var index = 0
        while index < buffer.count {
            if buffer[index] == dot {
                if index + 1 == buffer.count {
                    if index != 0 { buffer.removeSubrange(index...) }
                    break
                } else if buffer[index + 1] == slash {
                    if index + 2 != buffer.count || index != 0 {
                        buffer.removeSubrange(index..<(index + 2))
                        continue
                    }
                    break
                } else if buffer[index + 1] == dot
                    && (index + 2 == buffer.count || buffer[index + 2] == slash)
                {
                    if index >= 2 {
                        var last = index - 2
                        while last >= 0 && buffer[last] != slash { last -= 1 }
                        last += 1
                        let isDotDot = index - last == 3 && buffer[last] == dot && buffer[last + 1] == dot
                        if last != index && !isDotDot {
                            if index + 2 != buffer.count {
                                buffer.removeSubrange(last..<(index + 3))
                                index = last
                                continue
                            } else if last != 0 {
                                buffer.removeSubrange(last...)
                                break
                            } else {
                                buffer = [dot, slash, 0]
                                break
                            }
                        }
                    }
                }
            }
            while index < buffer.count && buffer[index] != slash { index += 1 }
            index += 1
        }
        return buffer
    }
}

/// A URL string split as RFC 1808 §2.4 does, with CFURL's rule for the scheme.
struct ClassicComponents: Equatable {
    var scheme: String?
    var netLocation: String?
    /// `//` followed directly by `/`, `?` or the end.
    var emptyNetLocation = false
    var path: String
    var query: String?
    var fragment: String?

    init(_ string: String) {
        self = ASCIIText.isASCII(string) ? Self.split(ascii: string) : ClassicComponents(characters: string)
    }

    /// ``init(_:)`` character by character, for any text.
    init(characters string: String) {
        var rest = Substring(string)
        if let colon = rest.firstIndex(of: ":"), rest.first.map({ $0.isASCII && $0.isLetter }) == true,
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        {
            scheme = String(rest[..<colon])
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let scheme { rest = rest.dropFirst(scheme.count + 1) }
        if rest.hasPrefix("//") {
            let start = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[start...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            // An empty net location does not count as one: "///x" has the path "/x".
            if start != end { netLocation = String(rest[start..<end]) } else { emptyNetLocation = true }
            rest = rest[end...]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        path = String(rest)
    }

    /// ``init(_:)`` on ASCII text, byte by byte (every legal URL string is ASCII): there each
    /// character is one byte, except CR LF, which holds none of the delimiters, so the same split.
    static func split(ascii string: String) -> ClassicComponents {
        ASCIIText.withBytes(string) { split(asciiBytes: $0) }
    }

    /// ``split(ascii:)`` on the bytes, delimiters found with memchr.
    private static func split(asciiBytes bytes: UnsafeBufferPointer<UInt8>) -> ClassicComponents {
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func find(_ byte: UInt8, _ range: Range<Int>) -> Int? { ASCIIText.firstIndex(of: byte, in: bytes, range) }
        var lower = 0
        var upper = bytes.count
        var scheme: String?
        if let colon = find(UInt8(ascii: ":"), 0..<upper), let first = bytes.first, isLetter(first),
            bytes[..<colon].allSatisfy({
                isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        {
            scheme = text(0..<colon)
        }
        var fragment: String?
        if let hash = find(UInt8(ascii: "#"), 0..<upper) {
            fragment = text((hash + 1)..<bytes.count)
            upper = hash
        }
        if let scheme { lower = min(scheme.utf8.count + 1, upper) }
        var netLocation: String?
        var emptyNetLocation = false
        let slash = UInt8(ascii: "/")
        if upper - lower >= 2, bytes[lower] == slash, bytes[lower + 1] == slash {
            let start = lower + 2
            let end = min(find(slash, start..<upper) ?? upper, find(UInt8(ascii: "?"), start..<upper) ?? upper)
            if start != end { netLocation = text(start..<end) } else { emptyNetLocation = true }
            lower = end
        }
        var query: String?
        if let question = find(UInt8(ascii: "?"), lower..<upper) {
            query = text((question + 1)..<upper)
            upper = question
        }
        var parts = ClassicComponents(
            scheme: scheme, netLocation: netLocation, path: text(lower..<upper), query: query, fragment: fragment)
        parts.emptyNetLocation = emptyNetLocation
        return parts
    }

    private init(scheme: String?, netLocation: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.netLocation = netLocation
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// The string these components came from, with brackets outside the net location escaped.
    func sanitized() -> String {
        var result = scheme.map { $0 + ":" } ?? ""
        if let netLocation { result += "//" + LegacyURLResolver.escapeNetLocation(netLocation) }
        if emptyNetLocation { result += "//" }
        return result + LegacyURLResolver.escapeBrackets(path + suffixAfterPath)
    }

    /// `?query#fragment`, as far as present.
    var suffixAfterPath: String {
        (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
    }
}
