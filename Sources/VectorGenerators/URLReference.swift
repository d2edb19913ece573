// Sources/VectorGenerators/URLReference.swift - RFC 3986 §5 reference resolution, small and separate

/// Resolves `src` against the appInfo.json URL the way RFC 3986 §5.2 does, for the expectations of icon vectors.
enum URLReference {
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        var text: String {
            var out = ""
            if let scheme { out += scheme + ":" }
            if let authority { out += "//" + authority }
            out += path
            if let query { out += "?" + query }
            if let fragment { out += "#" + fragment }
            return out
        }
    }

    /// RFC 3986 appendix B, by hand.
    static func parse(_ text: String) -> Parts {
        var rest = Substring(text)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var scheme: String?
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            !rest[..<colon].contains("/")
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        var authority: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        return Parts(scheme: scheme, authority: authority, path: String(rest), query: query, fragment: fragment)
    }

    static func removeDotSegments(_ path: String, keepingExcessParents: Bool = false) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        var absolute = false
        if input.hasPrefix("/") { absolute = true }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        input = ""
        for (index, segment) in segments.enumerated() where !(absolute && index == 0) {
            let last = index == segments.count - 1
            if segment == "." {
                if last { output.append("") }
            } else if segment == ".." {
                if keepingExcessParents && (output.isEmpty || output.last == "..") {
                    output.append("..")
                } else if !output.isEmpty {
                    output.removeLast()
                }
                if last { output.append("") }
            } else {
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }

    /// The absolute URL, or nil when `src` cannot be a URL reference (spaces, controls, non-ASCII).
    ///
    /// `legacy` keeps `..` segments that climb above the root, as classic CFURL (RFC 1808 §4 step 6) does.
    static func resolve(_ src: String, against baseText: String, legacy: Bool = false) -> String? {
        let text = legacy ? src : percentEncodingNonASCII(src)
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        let reference = parse(text)
        let base = parse(baseText)
        var target = Parts(scheme: nil, authority: nil, path: "", query: nil, fragment: reference.fragment)
        if reference.scheme != nil {
            target = reference
            target.path = removeDotSegments(reference.path)
        } else if reference.authority != nil {
            target.authority = reference.authority
            target.path = removeDotSegments(reference.path)
            target.query = reference.query
        } else if reference.path.isEmpty {
            target.path = base.path
            target.query = reference.query ?? base.query
        } else {
            if reference.path.hasPrefix("/") {
                target.path = removeDotSegments(reference.path)
            } else {
                let directory = base.path.lastIndex(of: "/").map { String(base.path[...$0]) } ?? "/"
                target.path = removeDotSegments(directory + reference.path, keepingExcessParents: legacy)
            }
            target.query = reference.query
        }
        if reference.scheme == nil {
            target.scheme = base.scheme
            target.authority = target.authority ?? base.authority
        }
        return target.text
    }

    /// RFC 3987 §3.1: an IRI's non-ASCII scalars become percent-encoded UTF-8 (uppercase hex).
    static func percentEncodingNonASCII(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
        }
        return out
    }

    /// The recommended profile's acceptance: https with a host and no userinfo.
    static func acceptable(_ url: String) -> Bool {
        let parts = parse(url)
        guard parts.scheme == "https", let authority = parts.authority, !authority.isEmpty else { return false }
        return !authority.contains("@")
    }
}
