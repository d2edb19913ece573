// Sources/Icons/LegacyURLResolver.swift - -[NSURL initWithString:relativeToURL:] as classic CFURL does it

/// Emulates the CFURL behind `-[NSURL initWithString:relativeToURL:]` and `absoluteString`, as
/// the original ran it (CFURL.c before the RFC 3986 rework of 2023):
///
/// - The string must be "legal" (`_CFStringIsLegalURLString`): ASCII letters, digits,
///   `-_.!~*'()`, `;/?:@&=+$,`, `[` `]`, `%` followed by two hex digits, and at most one `#`.
///   Anything else (space, non-ASCII, `"<>\^`{|}`, a second `#`, a bare `%`) gives `nil`.
///   The empty string gives `nil` as well (implementation-defined; see Docs/icons.md).
/// - It is absolute when it has a `:` and every character before the first `:` is a letter,
///   digit, `+`, `-` or `.` (so `icon:2x.png` is absolute, `img/a:b.png` is relative).
/// - A relative string is resolved as `resolveAbsoluteURLString` does (RFC 1808): components are
///   split as RFC 1808 §2.4 (fragment, scheme, `//` net location up to the next `/`, query, `;`
///   parameters, path); a relative path is merged with the base path up to its last `/` and
///   cleaned by `_resolvedPath` without stripping leading `..` (`../../../g` against `/b/c/d`
///   gives `/../g`); an absolute path (`/./g`) is used as written.
enum LegacyURLResolver {
    /// The absolute URL string, or `nil` where `initWithString:relativeToURL:` returns nil.
    static func resolve(_ string: String, against base: String) -> String? {
        guard isLegal(string), !string.isEmpty else { return nil }
        let relative = ClassicComponents(string)
        if relative.scheme != nil { return string }
        let baseParts = ClassicComponents(base)
        var result = (baseParts.scheme ?? "") + ":"
        if relative.netLocation != nil {
            return result + string
        }
        result += "//" + (baseParts.netLocation ?? "")
        if !relative.path.isEmpty {
            var newPath: String
            if baseParts.path.isEmpty || relative.path.hasPrefix("/") {
                newPath = relative.path
            } else {
                let baseUnits = Array(baseParts.path.utf16)
                var keep = baseUnits.count - 1
                while keep != 0 && baseUnits[keep] != 0x2F { keep -= 1 }
                if baseUnits[keep] == 0x2F { keep += 1 }
                let merged = Array(baseUnits[..<keep]) + Array(relative.path.utf16)
                newPath = String(decoding: resolvedPath(merged), as: UTF16.self)
            }
            if baseParts.path.isEmpty && !newPath.hasPrefix("/") { result += "/" }
            return result + newPath + relative.suffixAfterPath
        }
        result += baseParts.path
        if relative.parameters == nil && relative.query == nil && relative.fragment == nil {
            return result + baseParts.suffixAfterPath
        }
        if let parameters = relative.parameters {
            return result + ";" + parameters + relative.suffixAfterParameters
        }
        if let parameters = baseParts.parameters { result += ";" + parameters }
        if let query = relative.query ?? baseParts.query { result += "?" + query }
        if let fragment = relative.fragment { result += "#" + fragment }
        return result
    }

    /// Whether the appInfoURL makes an absolute NSURL (`+[NSURL URLWithString:]`, with a scheme).
    static func isUsableBase(_ string: String) -> Bool {
        isLegal(string) && !string.isEmpty && ClassicComponents(string).scheme != nil
    }

    /// `_CFStringIsLegalURLString`.
    static func isLegal(_ string: String) -> Bool {
        let units = Array(string.utf16)
        var index = 0
        var sawHash = false
        while index < units.count {
            let unit = units[index]
            index += 1
            if unit == 0x25 {  // %
                guard index + 2 <= units.count, isHexDigit(units[index]), isHexDigit(units[index + 1]) else {
                    return false
                }
                index += 2
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
        return true
    }

    static func isLegalCharacter(_ unit: UInt16) -> Bool {
        guard unit < 0x80 else { return false }
        let byte = UInt8(unit)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-_.!~*'();/?:@&=+$,".utf8).contains(byte)
        }
    }

    static func isHexDigit(_ unit: UInt16) -> Bool {
        (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x46) || (unit >= 0x61 && unit <= 0x66)
    }

    /// CFURL's `_resolvedPath(…, '/', stripLeadingDotDots: false, stripTrailingDelimiter: false)`,
    /// transcribed step by step (including its "./" + NUL fallback for a path that would vanish).
    static func resolvedPath(_ path: [UInt16]) -> [UInt16] {
        let dot: UInt16 = 0x2E
        let slash: UInt16 = 0x2F
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
struct ClassicComponents {
    var scheme: String?
    var netLocation: String?
    var path: String
    var parameters: String?
    var query: String?
    var fragment: String?

    init(_ string: String) {
        var rest = Substring(string)
        if let colon = rest.firstIndex(of: ":"),
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
            let end = rest[start...].firstIndex(of: "/") ?? rest.endIndex
            netLocation = String(rest[start..<end])
            rest = rest[end...]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let semicolon = rest.firstIndex(of: ";") {
            parameters = String(rest[rest.index(after: semicolon)...])
            rest = rest[..<semicolon]
        }
        path = String(rest)
    }

    /// `;parameters?query#fragment`, as far as present.
    var suffixAfterPath: String {
        (parameters.map { ";" + $0 } ?? "") + suffixAfterParameters
    }

    /// `?query#fragment`, as far as present.
    var suffixAfterParameters: String {
        (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
    }
}
