// Sources/ConformanceModel/IconLoadingVectorFormat.swift - The files of an icon-loading vector (Docs/vectors.md)

import Foundation

/// `<id>.site.json`, the input of an `icon-loading` vector: what the fixture server serves and the scale the
/// `load-icon` call is given. Paths of files are relative to the vectors directory, like the manifest's.
public struct IconLoadingSite: Codable, Hashable, Sendable {
    /// `--scale` of the call: 1, 2 or 3.
    public var scale: Int
    /// The request path of appInfo.json; the call's `--app-info-url` is the server's origin, the case's
    /// prefix and this path.
    public var entry: String
    /// Request path (starting with `/`, no query) → the response. Any other path answers 404.
    public var routes: [String: IconLoadingRoute]

    public init(scale: Int, entry: String, routes: [String: IconLoadingRoute]) {
        self.scale = scale
        self.entry = entry
        self.routes = routes
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case scale, entry, routes
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue), in: "site")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scale = try container.decode(Int.self, forKey: .scale)
        entry = try container.decode(String.self, forKey: .entry)
        routes = try container.decode([String: IconLoadingRoute].self, forKey: .routes)
    }
}

/// One response of the fixture server. Every field but `status` may be absent.
public struct IconLoadingRoute: Codable, Hashable, Sendable {
    /// The HTTP status (default 200).
    public var status: Int
    /// `Content-Type`, when sent.
    public var contentType: String?
    /// The body: a file of the vector (listed in its `files`), relative to the vectors directory …
    public var file: String?
    /// … or literal text, sent as UTF-8. Neither: an empty body.
    public var text: String?
    /// Expand `{https}`, `{http}`, `{base}`, `{http_base}`, `{userinfo_base}` in `text` as in `location`.
    public var template: Bool?
    /// `Location`; `{base}` is the https origin with the case's and the vector's prefix, `{http_base}` the same on
    /// the plain-http listener, `{userinfo_base}` `{base}` with `user:secret@`, `{https}`/`{http}` the bare origins.
    public var location: String?
    /// Serve only the first N bytes of `file` (a truncated image).
    public var filePrefix: Int?
    /// Append `padByte` (default 0) up to this many bytes (an oversize body).
    public var padTo: Int?
    public var padByte: Int?
    /// Send no `Content-Length` (the body ends when the connection closes).
    public var noLength: Bool?
    /// Write the body in chunks of `chunk` bytes, `delay` seconds apart (a slow body).
    public var chunk: Int?
    public var delay: Double?
    /// `ETag`; a request whose `If-None-Match` equals it gets 304.
    public var etag: String?
    /// `Cache-Control: max-age=N`.
    public var maxAge: Int?

    public init(status: Int = 200) { self.status = status }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case status, contentType, file, text, template, location, filePrefix, padTo, padByte, noLength, chunk, delay
        case etag, maxAge
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue), in: "route")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(Int.self, forKey: .status) ?? 200
        contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        template = try container.decodeIfPresent(Bool.self, forKey: .template)
        location = try container.decodeIfPresent(String.self, forKey: .location)
        filePrefix = try container.decodeIfPresent(Int.self, forKey: .filePrefix)
        padTo = try container.decodeIfPresent(Int.self, forKey: .padTo)
        padByte = try container.decodeIfPresent(Int.self, forKey: .padByte)
        noLength = try container.decodeIfPresent(Bool.self, forKey: .noLength)
        chunk = try container.decodeIfPresent(Int.self, forKey: .chunk)
        delay = try container.decodeIfPresent(Double.self, forKey: .delay)
        etag = try container.decodeIfPresent(String.self, forKey: .etag)
        maxAge = try container.decodeIfPresent(Int.self, forKey: .maxAge)
    }
}

/// `<id>.json`, the expected result of an `icon-loading` vector.
public struct IconLoadingExpectation: Codable, Hashable, Sendable {
    public enum Outcome: String, Codable, Hashable, Sendable {
        /// Exit 0 with the masked icon as PNG on standard output.
        case icon
        /// Exit 1.
        case none
    }

    /// Which requests the case may and must make (paths relative to the vector, without the case's prefix).
    public struct Requests: Codable, Hashable, Sendable {
        /// The only paths it may request over https. Any other https path, and any request at all to the
        /// plain-http listener, fails the case.
        public var allowed: [String]
        /// Paths it must have requested over https (the chosen icon, when an icon is expected).
        public var mustFetch: [String]

        public init(allowed: [String], mustFetch: [String]) {
            self.allowed = allowed
            self.mustFetch = mustFetch
        }
    }

    public var outcome: Outcome
    public var requests: Requests
    /// The icon's properties; present exactly when `outcome` is `icon`.
    public var image: IconLoadingImageExpectation?

    public init(outcome: Outcome, requests: Requests, image: IconLoadingImageExpectation?) {
        self.outcome = outcome
        self.requests = requests
        self.image = image
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case outcome, requests, image
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue), in: "expectation")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        requests = try container.decode(Requests.self, forKey: .requests)
        image = try container.decodeIfPresent(IconLoadingImageExpectation.self, forKey: .image)
    }
}

/// The properties the output image must have (pixel coordinates, origin top left; colours as RGBA 0-255).
public struct IconLoadingImageExpectation: Codable, Hashable, Sendable {
    /// One pixel compared with a colour, each channel within `tolerance`.
    public struct Probe: Codable, Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var rgba: [Int]
        public var tolerance: Int

        public init(x: Int, y: Int, rgba: [Int], tolerance: Int) {
            self.x = x
            self.y = y
            self.rgba = rgba
            self.tolerance = tolerance
        }
    }

    /// The half-open box `[x0, x1) × [y0, y1)` in which every pixel whose source neighbourhood is uniform equals
    /// the source there, each channel within `tolerance`.
    public struct Inside: Codable, Hashable, Sendable {
        public var x0: Int
        public var y0: Int
        public var x1: Int
        public var y1: Int
        public var tolerance: Int

        public init(x0: Int, y0: Int, x1: Int, y1: Int, tolerance: Int) {
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
            self.tolerance = tolerance
        }
    }

    /// The image the icon is made from (a file of the vector).
    public var source: String
    /// Width and height of the output, pixels (29 × scale).
    public var size: Int
    /// The four corner pixels' alpha is at most this.
    public var cornerMaxAlpha: Int
    /// The output's centre pixel: the source's centre colour.
    public var centre: Probe
    /// A pixel on the straight top edge: the source colour under the 10 % black stroke.
    public var strokeBand: Probe
    public var inside: Inside

    public init(source: String, size: Int, cornerMaxAlpha: Int, centre: Probe, strokeBand: Probe, inside: Inside) {
        self.source = source
        self.size = size
        self.cornerMaxAlpha = cornerMaxAlpha
        self.centre = centre
        self.strokeBand = strokeBand
        self.inside = inside
    }
}

/// Unknown keys are an error, so a misspelt field in a hand-written vector cannot be ignored silently.
enum StrictKeys {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func check(_ decoder: any Decoder, allowed: [String], in what: String) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = keys.filter({ !allowed.contains($0) }).sorted().first {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown key '\(unknown)' in \(what) (known: \(allowed.joined(separator: ", ")))")
            )
        }
    }
}
