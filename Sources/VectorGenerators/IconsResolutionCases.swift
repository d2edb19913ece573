// Sources/VectorGenerators/IconsResolutionCases.swift - icons: src resolution and acceptable URLs

import ConformanceModel

enum IconsResolutionCases {
    typealias F = IconsFamily

    /// One icon per scale (29, 58, 87) all with `src`, so every scale resolves it.
    static func one(
        _ name: String, _ src: String, _ description: String, tags: [VectorTag] = [.resolution],
        group: VectorGroup = .valid, level: VectorLevel = .required, base: String = F.base
    ) -> GeneratedVector {
        F.vector(
            group, name, F.icons([F.square(1024, src)]), description, spec: "icons.resolution", level: level,
            tags: tags, base: base)
    }

    static func vectors() -> [GeneratedVector] {
        [
            one("src-relative", "img/icon.png", "relative to the appInfo.json folder"),
            one("src-dot-dot", "../shared/icon.png", "\"../\" climbs one folder"),
            one("src-dot-dot-past-root", "../../../../icon.png", "more \"../\" than folders stops at the root"),
            one("src-dot", "./icon.png", "\"./\" stays in the folder"),
            one("src-root-relative", "/icon.png", "a leading \"/\" goes to the host root"),
            one("src-protocol-relative", "//cdn.example.net/icons/icon.png", "\"//host/…\" keeps the scheme"),
            one("src-absolute-other-host", "https://static.example.org/i.png", "an absolute https URL is used as is"),
            one("src-query", "icon.png?v=2", "a query is kept"),
            one("src-fragment", "icon.png#large", "a fragment is kept"),
            one("src-percent-encoded", "icon%20one.png", "percent-encoding is kept as written"),
            one(
                "src-http", "http://example.com/icon.png",
                "plain http: the original's loop chooses it (iOS App Transport Security then blocks the load); refused as not https",
                tags: [.resolution, .url]),
            one(
                "src-http-loopback", "http://127.0.0.1:8080/icon.png",
                "http to a loopback host: refused unless a reader opts in explicitly", tags: [.resolution, .url]),
            one("src-https-port", "https://example.com:8443/icon.png", "an explicit port is kept"),
            one(
                "src-empty-string", "",
                "an empty src: the original resolves it to the appInfo.json URL itself; the recommended profile skips it"
            ),
            one(
                "src-data-url", "data:image/png;base64,iVBORw0KGgo=", "a data: URL: refused", tags: [.resolution, .url]),
            one("src-javascript", "javascript:alert(1)", "a javascript: URL: refused", tags: [.resolution, .url]),
            one("src-file", "file:///etc/passwd", "a file: URL: refused", tags: [.resolution, .url]),
            one(
                "src-userinfo", "https://user:secret@example.com/icon.png", "userinfo in the URL: refused",
                tags: [.resolution, .url]),
            one(
                "base-with-query", "icon.png", "the appInfoURL's query is dropped when resolving",
                base: "https://example.com/a/appInfo.json?lang=en"),
            one(
                "base-http", "icon.png",
                "an http appInfoURL makes a relative src http: refused (on iOS, App Transport Security blocks even the appInfo.json load)",
                tags: [.resolution, .url], base: "http://example.com/appInfo.json"),
            one(
                "base-at-host-root", "img/icon.png", "appInfo.json at the host root",
                base: "https://example.com/appInfo.json"),
            one(
                "src-non-ascii", "ikon-å.png",
                "a non-ASCII src: the original's NSURL returns nil; the recommended profile percent-encodes UTF-8 (RFC 3987)"
            ),
            F.vector(
                .valid, "src-http-before-https",
                F.icons([F.square(58, "http://example.com/a.png"), F.square(87, "b.png")]),
                "an http entry before an https one: passed over, the search goes on (the original takes the http one "
                    + "at scales 1 and 2)",
                spec: "icons.resolution", tags: [.resolution, .url]),
            one(
                "src-space", "my icon.png", "a space in src: NSURL returns nil (before iOS 17)",
                group: .implementationDefined, level: .implementationDefined),
            F.vector(
                .implementationDefined, "width-height-real-integral",
                F.icons([
                    F.entry(.real("58.0"), .real("58.0"), .string("a.png")), IconsQuirkCases.fallback,
                ]), "58.0: a real in JSON text with an integral value; the recommended profile skips reals",
                spec: "icons.quirks", level: .implementationDefined, tags: [.coercion]),
            F.vector(
                .implementationDefined, "width-height-exponent",
                F.icons([
                    F.entry(.real("5.8e1"), .real("5.8e1"), .string("a.png")), IconsQuirkCases.fallback,
                ]), "5.8e1 (= 58) written with an exponent", spec: "icons.quirks", level: .implementationDefined,
                tags: [.coercion]),
        ]
    }
}
