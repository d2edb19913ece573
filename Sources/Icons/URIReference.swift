// Sources/Icons/URIReference.swift - RFC 3986 references: parse (Appendix B), resolve (§5.2), recompose (§5.3)

/// A URI reference split into its five components (RFC 3986 Appendix B); `nil` means undefined,
/// which differs from empty (`http://h/p?` has an empty query).
public struct URIReference: Hashable, Sendable {
    public var scheme: String?
    public var authority: String?
    public var path: String
    public var query: String?
    public var fragment: String?

    public init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits `text` as the regular expression of RFC 3986 Appendix B does; never fails. The scheme
    /// is taken only when it is non-empty and precedes any `/`, `?` or `#`.
    public init(parsing text: String) {
        self = ASCIIText.isASCII(text) ? Self.split(ascii: text) : Self.split(characters: text)
    }

    /// ``init(parsing:)`` character by character, for any text.
    static func split(characters text: String) -> URIReference {
        let scheme: String?
        let authority: String?
        let query: String?
        let fragment: String?
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let colon = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" }), rest[colon] == ":",
            colon != rest.startIndex
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        } else {
            scheme = nil
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        } else {
            query = nil
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        } else {
            authority = nil
        }
        return URIReference(scheme: scheme, authority: authority, path: String(rest), query: query, fragment: fragment)
    }

    /// ``init(parsing:)`` on ASCII text, byte by byte: there each character is one byte (except
    /// CR LF, which holds none of the delimiters), so the same split.
    static func split(ascii text: String) -> URIReference { split(ascii: Array(text.utf8)) }

    /// ``split(ascii:)`` on the bytes of ASCII text.
    static func split(ascii bytes: [UInt8]) -> URIReference {
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        var lower = 0
        var upper = bytes.count
        var fragment: String?
        if let hash = ASCIIText.firstIndex(of: UInt8(ascii: "#"), in: bytes, lower..<upper) {
            fragment = string((hash + 1)..<upper)
            upper = hash
        }
        var scheme: String?
        if let colon = bytes[lower..<upper].firstIndex(where: {
            $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?")
        }), bytes[colon] == UInt8(ascii: ":"), colon != lower {
            scheme = string(lower..<colon)
            lower = colon + 1
        }
        var query: String?
        if let question = ASCIIText.firstIndex(of: UInt8(ascii: "?"), in: bytes, lower..<upper) {
            query = string((question + 1)..<upper)
            upper = question
        }
        var authority: String?
        let slash = UInt8(ascii: "/")
        if upper - lower >= 2, bytes[lower] == slash, bytes[lower + 1] == slash {
            let end = ASCIIText.firstIndex(of: slash, in: bytes, (lower + 2)..<upper) ?? upper
            authority = string((lower + 2)..<end)
            lower = end
        }
        return URIReference(
            scheme: scheme, authority: authority, path: string(lower..<upper), query: query, fragment: fragment)
    }

    /// The reference as text (RFC 3986 §5.3).
    public var text: String {
        // Into one buffer of the final size (each `+` of Strings allocated).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            (scheme?.utf8.count ?? -1) + 1 + (authority?.utf8.count ?? -2) + 2 + path.utf8.count
                + (query?.utf8.count ?? -1) + 1 + (fragment?.utf8.count ?? -1) + 1)
        if let scheme {
            bytes.append(contentsOf: scheme.utf8)
            bytes.append(UInt8(ascii: ":"))
        }
        if let authority {
            bytes.append(contentsOf: "//".utf8)
            bytes.append(contentsOf: authority.utf8)
        }
        bytes.append(contentsOf: path.utf8)
        if let query {
            bytes.append(UInt8(ascii: "?"))
            bytes.append(contentsOf: query.utf8)
        }
        if let fragment {
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: fragment.utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Resolves this reference against `base` (strict RFC 3986 §5.2.2; `base` should have a scheme).
    public func resolved(against base: URIReference) -> URIReference {
        var target = URIReference(scheme: nil, authority: nil, path: "", query: nil, fragment: fragment)
        if let scheme {
            target.scheme = scheme
            target.authority = authority
            target.path = Self.removeDotSegments(path)
            target.query = query
            return target
        }
        target.scheme = base.scheme
        if let authority {
            target.authority = authority
            target.path = Self.removeDotSegments(path)
            target.query = query
            return target
        }
        target.authority = base.authority
        if path.isEmpty {
            target.path = base.path
            target.query = query ?? base.query
        } else {
            if path.hasPrefix("/") {
                target.path = Self.removeDotSegments(path)
            } else {
                target.path = Self.removeDotSegments(Self.merge(base: base, path))
            }
            target.query = query
        }
        return target
    }

    /// RFC 3986 §5.2.3.
    static func merge(base: URIReference, _ path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// RFC 3986 §5.2.4, on the path's segments.
    public static func removeDotSegments(_ path: String) -> String {
        // ASCII (every resolved reference: non-ASCII is percent-encoded first) goes byte by byte;
        // there each character is one byte, except CR LF, which no pattern here holds.
        if ASCIIText.isASCII(path) { return removeDotSegments(ascii: Array(path.utf8)) }
        return removeDotSegments(characters: path)
    }

    /// ``removeDotSegments(_:)`` character by character, for any path.
    static func removeDotSegments(characters path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []  // each element starts with "/" except possibly the first
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// ``removeDotSegments(_:)`` on ASCII bytes, the same steps in the same order.
    ///
    /// The output buffer is written in place: every segment is non-empty and holds a `/` only as its
    /// first byte, so removing the last segment cuts the output at its last `/` (or empties it).
    static func removeDotSegments(ascii bytes: [UInt8]) -> String {
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        let count = bytes.count
        var output: [UInt8] = []
        output.reserveCapacity(count)
        func removeLastSegment() { output.removeSubrange((output.lastIndex(of: slash) ?? 0)...) }
        var index = 0
        while index < count {
            let rest = count - index
            let first = bytes[index]
            let second = rest > 1 ? bytes[index + 1] : 0
            let third = rest > 2 ? bytes[index + 2] : 0
            let fourth = rest > 3 ? bytes[index + 3] : 0
            if first != dot && (first != slash || second != dot) {
                // Every rule below starts with "." or "/.": a plain segment is copied up to the next "/".
                let end = ASCIIText.firstIndex(of: slash, in: bytes, (index + 1)..<count) ?? count
                output.append(contentsOf: bytes[index..<end])
                index = end
            } else if first == dot && second == dot && third == slash {  // "../"
                index += 3
            } else if first == dot && second == slash {  // "./"
                index += 2
            } else if first == slash && second == dot && third == slash {  // "/./" → "/"
                index += 2
            } else if rest == 2 && first == slash && second == dot {  // "/." → "/", the last segment
                output.append(slash)
                index = count
            } else if first == slash && second == dot && third == dot && fourth == slash {  // "/../" → "/"
                index += 3
                removeLastSegment()
            } else if rest == 3 && first == slash && second == dot && third == dot {  // "/.." → "/", the last
                removeLastSegment()
                output.append(slash)
                index = count
            } else if (rest == 1 && first == dot) || (rest == 2 && first == dot && second == dot) {
                index = count
            } else {
                let from = first == slash ? index + 1 : index
                let end = ASCIIText.firstIndex(of: slash, in: bytes, from..<count) ?? count
                output.append(contentsOf: bytes[index..<end])
                index = end
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
