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
        path = String(rest)
    }

    /// The reference as text (RFC 3986 §5.3).
    public var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
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
}
