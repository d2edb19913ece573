// Sources/IconLoadingArea/IconLoadingVector.swift - One icon-loading vector: a small web site and what a reader must do

/// One vector of the `icon-loading` area: the routes the fixture server serves for it and, per
/// scale, what a conforming `load-icon` does. Every vector yields three cases (scales 1, 2, 3).
public struct IconLoadingVector: Hashable, Sendable {
    /// `valid` (an icon must load) or `invalid` (no icon must load).
    public var group: String
    /// kebab-case name; the id is `icon-loading/<group>/<name>`.
    public var name: String
    /// `required` or `recommended` (see Docs/conformance.md).
    public var level: String
    public var description: String
    /// Request path (relative to the vector) → the route object of the fixture server.
    public var routes: [String: Route]
    /// Expectation per scale (1, 2, 3).
    public var expected: [Int: Expectation]

    public var id: String { "icon-loading/\(group)/\(name)" }
    /// The vector's path prefix on the server.
    public var prefix: String { "/v/\(group)/\(name)" }
    /// The appInfo.json path every case starts from.
    public static let entry = "/appInfo.json"

    public init(
        group: String, name: String, level: String, description: String, routes: [String: Route],
        expected: [Int: Expectation]
    ) {
        self.group = group
        self.name = name
        self.level = level
        self.description = description
        self.routes = routes
        self.expected = expected
    }
}

/// A fixture-server route (see Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py).
public struct Route: Hashable, Sendable {
    public var status: Int = 200
    public var contentType: String?
    /// A file under `Vectors/icon-loading/` (e.g. `images/pattern-58.png`).
    public var file: String?
    public var text: String?
    /// Expand `{https}`, `{http}`, `{base}`, `{http_base}` in `text`.
    public var template = false
    public var location: String?
    public var filePrefix: Int?
    public var padTo: Int?
    public var padByte: Int?
    public var noLength = false
    public var chunk: Int?
    public var delay: Double?
    public var etag: String?
    public var maxAge: Int?

    public init() {}

    /// The server's JSON object for this route; `file` is made relative to the routes file by `filePrefixPath`.
    func object(vectorPrefix: String, fileBase: String) -> [String: Any] {
        var object: [String: Any] = ["status": status, "vector": vectorPrefix]
        if let contentType { object["type"] = contentType }
        if let file { object["file"] = fileBase + file }
        if let text { object["text"] = text }
        if template { object["template"] = true }
        if let location { object["location"] = location }
        if let filePrefix { object["file_prefix"] = filePrefix }
        if let padTo { object["pad_to"] = padTo }
        if let padByte { object["pad_byte"] = padByte }
        if noLength { object["no_length"] = true }
        if let chunk { object["chunk"] = chunk }
        if let delay { object["delay"] = delay }
        if let etag { object["etag"] = etag }
        if let maxAge { object["max_age"] = maxAge }
        return object
    }
}

/// What a conforming implementation does at one scale.
public struct Expectation: Hashable, Sendable {
    /// An icon (exit 0, the masked PNG) or none (exit 1).
    public var icon: Bool
    /// The image the icon must be made from (`images/…`), when `icon`.
    public var source: String?
    /// The paths (relative to the vector) it may request over https; it must request the last
    /// one when `icon` (the chosen image). Any http request, or any other path, fails the case.
    public var allowed: [String]

    public static func icon(_ source: String, fetching allowed: [String]) -> Expectation {
        Expectation(icon: true, source: source, allowed: allowed)
    }

    public static func none(allowing allowed: [String]) -> Expectation {
        Expectation(icon: false, source: nil, allowed: allowed)
    }
}
