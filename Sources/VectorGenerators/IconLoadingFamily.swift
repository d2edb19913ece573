// Sources/VectorGenerators/IconLoadingFamily.swift - The icon-loading vectors: small web sites, each at scales 1-3

import ConformanceModel

/// The `icon-loading` vectors: small web sites served by the fixture server, each written once per scale
/// (`<site>-scale-<S>`), with what a conforming `load-icon` must do there. The images they serve are generated
/// (IconLoadingImages) and shared under `icon-loading/images/`.
enum IconLoadingFamily {
    typealias Route = IconLoadingRoute

    /// What one site expects at one scale: an icon made from `source`, or none; the https paths it may request
    /// (for an icon, the last is the chosen image, which it must request). Images are named as in
    /// `icon-loading/images/` (`route(file:)` and `icon(_:fetching:)` add the folder).
    struct Expectation {
        var source: String?
        var allowed: [String]

        static func icon(_ source: String, fetching allowed: [String]) -> Expectation {
            Expectation(source: IconLoadingImages.folder + source, allowed: allowed)
        }

        static func none(allowing allowed: [String]) -> Expectation { Expectation(source: nil, allowed: allowed) }
    }

    /// One site: its routes and its expectation per scale, with the manifest's metadata.
    struct Site {
        var group: VectorGroup
        var name: String
        var level: VectorLevel
        var description: String
        var routes: [String: Route]
        var expected: [Int: Expectation]
        var spec: String
        var tags: [VectorTag]
        var error: VectorErrorCategory?
    }

    /// The standard appInfo.json: icons at 29, 58, 87 and 1024 pixels, relative `src`.
    static let standardAppInfo =
        #"{"icons": [{"width": 29, "height": 29, "src": "img/icon.png"}, {"width": 58, "height": 58, "src": "img/icon@2x.png"}, {"width": 87, "height": 87, "src": "img/icon@3x.png"}, {"width": 1024, "height": 1024, "src": "img/icon-1024.png"}]}"#

    static func route(
        file: String? = nil, text: String? = nil, type: String? = nil, _ configure: (inout Route) -> Void = { _ in }
    ) -> Route {
        var route = Route()
        route.file = file.map { IconLoadingImages.folder + $0 }
        route.text = text
        route.contentType = type
        configure(&route)
        return route
    }

    static var standardRoutes: [String: Route] {
        [
            "/appInfo.json": route(text: standardAppInfo, type: "application/json"),
            "/img/icon.png": route(file: "pattern-29.png", type: "image/png"),
            "/img/icon@2x.png": route(file: "pattern-58.png", type: "image/png"),
            "/img/icon@3x.png": route(file: "pattern-87.png", type: "image/png"),
            "/img/icon-1024.png": route(file: "pattern-1024.png", type: "image/png"),
        ]
    }

    static let exactPaths = [1: "/img/icon.png", 2: "/img/icon@2x.png", 3: "/img/icon@3x.png"]
    static let exactSources = [1: "pattern-29.png", 2: "pattern-58.png", 3: "pattern-87.png"]

    /// The standard site with `change` applied to the image route chosen at each scale.
    static func standardExpectingNone(changing change: (inout Route) -> Void) -> ([String: Route], [Int: Expectation]) {
        var routes = standardRoutes
        for path in exactPaths.values { change(&routes[path, default: Route()]) }
        let expected = Dictionary(
            uniqueKeysWithValues: (1...3).map {
                ($0, Expectation.none(allowing: ["/appInfo.json", exactPaths[$0] ?? ""]))
            })
        return (routes, expected)
    }

    static func sameAtEveryScale(_ expectation: Expectation) -> [Int: Expectation] {
        [1: expectation, 2: expectation, 3: expectation]
    }

    /// Every site, valid first.
    static func sites() -> [Site] {
        var vectors: [Site] = []
        func add(
            _ group: VectorGroup, _ name: String, _ level: VectorLevel, _ description: String,
            _ routes: [String: Route],
            _ expected: [Int: Expectation]
        ) {
            let (spec, tags, error) = IconLoadingCitations.of(name)
            vectors.append(
                Site(
                    group: group, name: name, level: level, description: description, routes: routes,
                    expected: expected, spec: spec, tags: tags, error: error))
        }
        let exact = Dictionary(
            uniqueKeysWithValues: (1...3).map {
                ($0, Expectation.icon(exactSources[$0] ?? "", fetching: ["/appInfo.json", exactPaths[$0] ?? ""]))
            })

        // valid: an icon must load, from exactly the chosen image.
        add(
            .valid, "exact-sizes", .required,
            "icons at 29, 58, 87 and 1024 px: the exact one is fetched, nothing else", standardRoutes, exact)
        add(
            .valid, "only-large", .required, "one 1024 px icon: downscaled into the mask at every scale",
            [
                "/appInfo.json": route(text: #"{"icons": [{"width": 1024, "height": 1024, "src": "big.png"}]}"#),
                "/big.png": route(file: "pattern-1024.png", type: "image/png"),
            ],
            sameAtEveryScale(.icon("pattern-1024.png", fetching: ["/appInfo.json", "/big.png"])))
        add(
            .valid, "jpeg-icons", .required, "JPEG icons (what UIImage reads besides PNG)",
            [
                "/appInfo.json": route(
                    text:
                        #"{"icons": [{"width": 29, "height": 29, "src": "a.jpg"}, {"width": 58, "height": 58, "src": "b.jpg"}, {"width": 87, "height": 87, "src": "c.jpg"}]}"#
                ),
                "/a.jpg": route(file: "pattern-29.jpg", type: "image/jpeg"),
                "/b.jpg": route(file: "pattern-58.jpg", type: "image/jpeg"),
                "/c.jpg": route(file: "pattern-87.jpg", type: "image/jpeg"),
            ],
            [
                1: .icon("pattern-29.jpg", fetching: ["/appInfo.json", "/a.jpg"]),
                2: .icon("pattern-58.jpg", fetching: ["/appInfo.json", "/b.jpg"]),
                3: .icon("pattern-87.jpg", fetching: ["/appInfo.json", "/c.jpg"]),
            ])
        add(
            .valid, "non-square-stretched", .required, "a 100x200 icon is stretched into the square (drawInRect:)",
            [
                "/appInfo.json": route(text: #"{"icons": [{"width": 100, "height": 200, "src": "tall.png"}]}"#),
                "/tall.png": route(file: "pattern-100x200.png", type: "image/png"),
            ],
            sameAtEveryScale(.icon("pattern-100x200.png", fetching: ["/appInfo.json", "/tall.png"])))
        add(
            .valid, "translucent-icon", .required,
            "a translucent icon: the stroke band shows 10 % black over transparency",
            [
                "/appInfo.json": route(text: #"{"icons": [{"width": 96, "height": 96, "src": "t.png"}]}"#),
                "/t.png": route(file: "translucent-96.png", type: "image/png"),
            ],
            sameAtEveryScale(.icon("translucent-96.png", fetching: ["/appInfo.json", "/t.png"])))
        var redirected = standardRoutes
        redirected["/appInfo.json"] = route {
            $0.status = 301; $0.location = "{base}/moved/appInfo.json"
        }
        redirected["/moved/appInfo.json"] = route(
            text:
                #"{"icons": [{"width": 29, "height": 29, "src": "{base}/img/icon.png"}, {"width": 58, "height": 58, "src": "{base}/img/icon@2x.png"}, {"width": 87, "height": 87, "src": "{base}/img/icon@3x.png"}]}"#
        ) { $0.template = true }
        add(
            .valid, "https-redirects", .required, "appInfo.json moved (301 to https), absolute https src: followed",
            redirected,
            Dictionary(
                uniqueKeysWithValues: (1...3).map {
                    (
                        $0,
                        Expectation.icon(
                            exactSources[$0] ?? "",
                            fetching: ["/appInfo.json", "/moved/appInfo.json", exactPaths[$0] ?? ""])
                    )
                }))
        var imageRedirect = standardRoutes
        for (scale, path) in exactPaths {
            imageRedirect[path] = route {
                $0.status = 302; $0.location = "{base}/cdn\(path)"
            }
            imageRedirect["/cdn\(path)"] = route(file: exactSources[scale], type: "image/png")
        }
        add(
            .valid, "image-redirect-https", .required, "the icon redirects (302) to another https path",
            imageRedirect,
            Dictionary(
                uniqueKeysWithValues: (1...3).map {
                    (
                        $0,
                        Expectation.icon(
                            exactSources[$0] ?? "",
                            fetching: ["/appInfo.json", exactPaths[$0] ?? "", "/cdn" + (exactPaths[$0] ?? "")])
                    )
                }))
        var unlabelled = standardRoutes
        for path in exactPaths.values { unlabelled[path]?.contentType = nil; unlabelled[path]?.noLength = true }
        unlabelled["/appInfo.json"]?.contentType = "text/plain"
        add(
            .valid, "no-content-type-no-length", .required,
            "no Content-Type, no Content-Length on the icon; appInfo.json as text/plain (as raw GitHub files are)",
            unlabelled, exact)
        var slow = standardRoutes
        for path in exactPaths.values { slow[path]?.chunk = 64; slow[path]?.delay = 0.02 }
        add(.valid, "slow-body", .required, "the icon arrives in 64-byte chunks, 20 ms apart", slow, exact)
        var cached = standardRoutes
        for path in cached.keys { cached[path]?.etag = "\"v1\""; cached[path]?.maxAge = 3600 }
        add(
            .valid, "cache-headers", .required, "ETag and Cache-Control on every response change nothing", cached,
            exact)

        // invalid: no icon must load, and what must not be fetched is not.
        var appInfoToHTTP = standardRoutes
        appInfoToHTTP["/appInfo.json"] = route {
            $0.status = 302; $0.location = "{http_base}/appInfo.json"
        }
        add(
            .invalid, "appinfo-redirect-to-http", .required,
            "appInfo.json redirects to http: not followed (App Transport Security)",
            appInfoToHTTP, sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        let (imageToHTTP, imageToHTTPExpected) = standardExpectingNone { route in
            route.status = 302
            route.location = "{http_base}/plain.png"
            route.file = nil
        }
        add(
            .invalid, "image-redirect-to-http", .required, "the icon redirects to http: not followed", imageToHTTP,
            imageToHTTPExpected)
        add(
            .invalid, "image-src-http", .required, "the only icon is an http URL: never fetched",
            [
                "/appInfo.json": route(
                    text: #"{"icons": [{"width": 1024, "height": 1024, "src": "{http_base}/big.png"}]}"#
                ) { $0.template = true }
            ],
            sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        add(
            .invalid, "image-src-userinfo", .recommended, "the only icon URL carries credentials: refused",
            [
                "/appInfo.json": route(
                    text: #"{"icons": [{"width": 1024, "height": 1024, "src": "{userinfo_base}/big.png"}]}"#
                ) { $0.template = true },
                "/big.png": route(file: "pattern-1024.png", type: "image/png"),
            ],
            sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        let (notFound, notFoundExpected) = standardExpectingNone {
            $0.status = 404; $0.file = nil; $0.text = "not found"
        }
        add(.invalid, "image-404", .required, "the icon answers 404 with a text body", notFound, notFoundExpected)
        var serverError = standardRoutes
        serverError["/appInfo.json"] = route(text: standardAppInfo) { $0.status = 500 }
        add(
            .invalid, "appinfo-500", .required, "appInfo.json answers 500 (with a usable body): no icon",
            serverError, sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        let (html, htmlExpected) = standardExpectingNone {
            $0.file = IconLoadingImages.folder + "page.html"; $0.contentType = "text/html"
        }
        add(.invalid, "image-is-html", .required, "the icon URL serves an HTML page", html, htmlExpected)
        let (truncated, truncatedExpected) = standardExpectingNone { $0.filePrefix = 60 }
        add(
            .invalid, "image-truncated", .required, "the PNG is cut after 60 bytes: corrupt, no icon", truncated,
            truncatedExpected)
        let (bomb, bombExpected) = standardExpectingNone { $0.file = IconLoadingImages.folder + "bomb-60000.png" }
        add(
            .invalid, "image-giant-header", .recommended,
            "the PNG header declares 60000x60000: refused before decoding",
            bomb, bombExpected)
        let (oversize, oversizeExpected) = standardExpectingNone {
            $0.padTo = 3 << 20
            $0.noLength = true
        }
        add(
            .invalid, "image-oversize", .recommended,
            "a valid PNG followed by zeros up to 3 MiB, no Content-Length: over the 2 MiB cap",
            oversize, oversizeExpected)
        var bigJSON = standardRoutes
        bigJSON["/appInfo.json"]?.padTo = 1 << 20
        bigJSON["/appInfo.json"]?.padByte = 0x20
        bigJSON["/appInfo.json"]?.noLength = true
        add(
            .invalid, "appinfo-oversize", .recommended,
            "appInfo.json padded with spaces to 1 MiB (still valid JSON): over the 64 KiB cap",
            bigJSON, sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        add(
            .invalid, "no-large-enough-icon", .required, "only a 16 px icon: nothing to fetch",
            [
                "/appInfo.json": route(text: #"{"icons": [{"width": 16, "height": 16, "src": "small.png"}]}"#),
                "/small.png": route(file: "pattern-16.png", type: "image/png"),
            ],
            sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        var loop = standardRoutes
        for path in exactPaths.values {
            loop[path] = route {
                $0.status = 302; $0.location = "{base}\(path)"
            }
        }
        add(
            .invalid, "image-redirect-loop", .required,
            "the icon redirects to itself: at most a few hops, then no icon",
            loop,
            Dictionary(
                uniqueKeysWithValues: (1...3).map {
                    ($0, Expectation.none(allowing: ["/appInfo.json", exactPaths[$0] ?? ""]))
                }))
        var missing = standardRoutes
        missing["/appInfo.json"] = nil
        add(
            .invalid, "appinfo-404", .required, "appInfo.json does not exist (404)", missing,
            sameAtEveryScale(.none(allowing: ["/appInfo.json"])))
        return vectors
    }
}
