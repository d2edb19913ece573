// Sources/DocumentSource/WebURLRule.swift - The one rule for an acceptable appInfoURL or icon URL

/// Which URLs the tool accepts as `appInfoURL` (`xds write`, `xds validate`, the writer) and as a
/// resolved icon URL (the recommended icon profile): one rule, one function.
///
/// 1. Only characters a URI can hold (RFC 3986 unreserved, reserved and `%` followed by two hex
///    digits), plus non-ASCII characters (an IRI; they are percent-encoded as UTF-8 when fetched).
///    Spaces, controls, `<`, `>`, `"`, `\`, `^`, `` ` ``, `{`, `|`, `}` are refused.
/// 2. Scheme `https` (any case), or `http` to a loopback host when allowed, then `//` and an authority.
/// 3. The authority has no userinfo (`user@`), a non-empty host, and a port, if any, of digits only
///    and at most 65535.
public enum WebURLRule {
    /// Why `url` is not acceptable, or nil when it is.
    public static func refusal(_ url: String, allowLoopbackHTTP: Bool = false) -> String? {
        if let reason = characterRefusal(url) { return reason }
        return schemeAndAuthorityRefusal(url, allowLoopbackHTTP: allowLoopbackHTTP)
    }

    /// Step 1 alone: why `url` holds a character no URL can hold, or nil.
    public static func characterRefusal(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return "not a URL: '%' not followed by two hex digits at offset \(index)"
                }
                index += 3
                continue
            }
            guard byte >= 0x80 || isURICharacter(byte) else {
                return "not a URL: character \(shown(byte)) at offset \(index)"
            }
            index += 1
        }
        return nil
    }

    static func schemeAndAuthorityRefusal(_ url: String, allowLoopbackHTTP: Bool) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return "not an absolute URL (no scheme)" }
        let scheme = url[..<colon].lowercased()
        guard scheme == "https" || (scheme == "http" && allowLoopbackHTTP) else {
            return scheme == "http" ? "http is not https" : "scheme '\(scheme)' is not https"
        }
        let rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("//") else { return "no host" }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") { return "userinfo (user@host) is refused" }
        let (host, port) = splitHostPort(String(authority))
        guard !host.isEmpty else { return "empty host" }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return "port '\(port)' is not a number" }
        let significant = port.drop { $0 == "0" }
        if significant.count > 5 || (Int(significant) ?? 0) > 65535 {
            return "port \(port) is out of range (0 to 65535)"
        }
        if scheme == "http" && !isLoopback(host) { return "http is only allowed for loopback hosts" }
        return nil
    }

    /// Whether `host` names the loopback interface: `localhost`, `127.x.y.z`, `[::1]`.
    public static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "[::1]" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part).flatMap { $0 <= 255 ? $0 : nil }
        }
        return numbers.count == 4 && numbers[0] == 127
    }

    /// `host[:port]`, with an IP literal in brackets kept whole.
    public static func splitHostPort(_ authority: String) -> (host: String, port: String) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            return (host, rest.hasPrefix(":") ? String(rest.dropFirst()) : String(rest))
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, "") }
        return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
    }

    /// RFC 3986 unreserved and reserved characters.
    public static func isURICharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"),
            UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func shown(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        let code = "U+00" + String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        return byte < 0x20 || byte == 0x7F ? code : "'\(Character(Unicode.Scalar(byte)))' (\(code))"
    }
}
