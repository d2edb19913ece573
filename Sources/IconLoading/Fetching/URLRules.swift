// Sources/IconLoading/Fetching/URLRules.swift - Which URLs may be fetched at all

/// The URL checks made before any connection: `https` only, a host without `%`, no userinfo.
public enum URLRules {
    /// Checks `url`, naming the rule it breaks.
    public static func check(_ url: String) -> Result<Void, FetchError> {
        guard let colon = url.firstIndex(of: ":") else {
            return .failure(.refused(url: url, rule: .malformedURL, detail: "no scheme"))
        }
        let scheme = url[..<colon].lowercased()
        guard scheme == "https" else {
            return .failure(
                .refused(url: url, rule: .httpsOnly, detail: "scheme '\(scheme)' is not https; nothing is fetched"))
        }
        let rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("//") else {
            return .failure(.refused(url: url, rule: .malformedURL, detail: "no '//' authority"))
        }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") {
            return .failure(
                .refused(url: url, rule: .userinfo, detail: "the URL carries userinfo (credentials); none are sent"))
        }
        let host = authority.hasPrefix("[") ? authority : authority.prefix { $0 != ":" }
        guard !host.isEmpty else {
            return .failure(.refused(url: url, rule: .malformedURL, detail: "empty host"))
        }
        if host.contains("%") {
            return .failure(
                .refused(
                    url: url, rule: .percentEncodedHost,
                    detail: "the host name holds '%' (percent-encoding, or an IPv6 zone); nothing is fetched"))
        }
        for scalar in url.unicodeScalars where scalar.value <= 0x20 || scalar.value >= 0x7F {
            return .failure(
                .refused(url: url, rule: .malformedURL, detail: "character U+\(String(scalar.value, radix: 16)) in URL")
            )
        }
        return .success(())
    }
}
