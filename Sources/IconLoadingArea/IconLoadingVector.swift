// Sources/IconLoadingArea/IconLoadingVector.swift - One icon-loading vector: a small web site, a scale, what a reader must do

import ConformanceModel
import Foundation
import ReportFormatting

/// An icon-loading vector whose files do not make sense together.
public struct IconLoadingVectorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var detail: String

    public init(id: String, _ detail: String) {
        self.id = id
        self.detail = detail
    }

    public var description: String { "\(id): \(detail)" }
}

/// One vector of the `icon-loading` area (Docs/vectors.md): the site the fixture server serves for it, the scale
/// of its one case, and what a conforming `load-icon` does there. Read from a vector set (`Vectors/`): the
/// manifest entry, `<id>.site.json`, `<id>.json` and the files the entry lists.
public struct IconLoadingVector: Hashable, Sendable {
    public var id: String
    /// `valid` (an icon must load) or `invalid` (no icon must load).
    public var group: VectorGroup
    public var level: VectorLevel
    public var description: String
    public var site: IconLoadingSite
    public var expectation: IconLoadingExpectation
    /// The files its routes serve and its source image, by path relative to the vectors directory.
    public var files: [String: [UInt8]]

    /// The `--scale` of its case.
    public var scale: Int { site.scale }
    /// The vector's path prefix on the server (`/v/<group>/<name>`).
    public var prefix: String { "/v/" + id.split(separator: "/").dropFirst().joined(separator: "/") }
    /// The source image's bytes, when an icon is expected.
    public var sourceBytes: [UInt8]? { expectation.image.flatMap { files[$0.source] } }

    /// Reads an `icon-loading` vector of a loaded set.
    /// - Throws: `IconLoadingVectorError` when a file is not the documented JSON, the scale is not 1-3, a path is
    ///   not a request path, a route serves (or the expectation names) a file the entry does not list, or
    ///   `image` is present exactly when no icon is expected.
    public init(_ vector: Vector) throws(IconLoadingVectorError) {
        let id = vector.metadata.id
        self.id = id
        group = vector.metadata.group
        level = vector.metadata.level
        description = vector.metadata.description
        files = vector.files
        do {
            site = try JSONDecoder().decode(IconLoadingSite.self, from: Data(vector.input))
        } catch {
            throw IconLoadingVectorError(
                id: id, "\(vector.metadata.input) is not an icon-loading site: \(JSONDecodingProblem.text(error))")
        }
        guard let expected = vector.expected else {
            throw IconLoadingVectorError(id: id, "no expected file (icon-loading vectors always have one)")
        }
        do {
            expectation = try JSONDecoder().decode(IconLoadingExpectation.self, from: Data(expected))
        } catch {
            throw IconLoadingVectorError(
                id: id,
                "\(vector.metadata.expected ?? "") is not an icon-loading expectation: \(JSONDecodingProblem.text(error))"
            )
        }
        try check()
    }

    private func check() throws(IconLoadingVectorError) {
        guard (1...3).contains(site.scale) else {
            throw IconLoadingVectorError(id: id, "scale \(site.scale) is not 1, 2 or 3")
        }
        let paths = [site.entry] + site.routes.keys + expectation.requests.allowed + expectation.requests.mustFetch
        if let bad = paths.first(where: { !$0.hasPrefix("/") || $0.contains("?") || $0.contains("#") }) {
            throw IconLoadingVectorError(id: id, "'\(bad)' is not a request path (/… without query)")
        }
        for (path, route) in site.routes.sorted(by: { $0.key < $1.key }) {
            if let file = route.file, files[file] == nil {
                throw IconLoadingVectorError(
                    id: id, "route \(path) serves \(file), which the manifest entry does not list")
            }
            if route.file != nil && route.text != nil {
                throw IconLoadingVectorError(id: id, "route \(path) has both file and text")
            }
            if let problem = Self.outOfBounds(route, fileBytes: route.file.flatMap { files[$0]?.count }) {
                throw IconLoadingVectorError(id: id, "route \(path): \(problem)")
            }
        }
        switch (expectation.outcome, expectation.image) {
        case (.icon, nil): throw IconLoadingVectorError(id: id, "an icon is expected but no image properties are given")
        case (.none, .some): throw IconLoadingVectorError(id: id, "image properties are given but no icon is expected")
        case (.icon, .some(let image)):
            guard files[image.source] != nil else {
                throw IconLoadingVectorError(id: id, "source \(image.source) is not a file the manifest entry lists")
            }
            guard
                [image.centre.rgba, image.strokeBand.rgba].allSatisfy({
                    $0.count == 4 && $0.allSatisfy { (0...255).contains($0) }
                })
            else { throw IconLoadingVectorError(id: id, "a colour is not four channels 0-255") }
        case (.none, nil): break
        }
    }

    /// What of a route's numbers breaks the limits (``VectorLimits``, Docs/vectors.md), if anything: every size,
    /// count and time a route states is bounded, so a vector cannot make the fixture server allocate, send or
    /// sleep without end.
    static func outOfBounds(_ route: IconLoadingRoute, fileBytes: Int?) -> String? {
        let maxBody = VectorLimits.maxRouteBodyBytes
        let maxChunk = VectorLimits.maxRouteChunkBytes
        if !(100...599).contains(route.status) { return "status \(route.status) is not 100-599" }
        if let padTo = route.padTo, !(0...maxBody).contains(padTo) {
            return "padTo \(padTo) is not 0-\(maxBody) bytes"
        }
        if let padByte = route.padByte, !(0...255).contains(padByte) { return "padByte \(padByte) is not 0-255" }
        if let prefix = route.filePrefix, prefix < 0 { return "filePrefix \(prefix) is negative" }
        if let chunk = route.chunk, !(1...maxChunk).contains(chunk) {
            return "chunk \(chunk) is not 1-\(maxChunk) bytes"
        }
        if let delay = route.delay, !(delay >= 0 && delay <= VectorLimits.maxRouteDelay) {
            return "delay \(delay) is not 0-\(VectorLimits.maxRouteDelay) s"
        }
        if let maxAge = route.maxAge, !(0...Int(Int32.max)).contains(maxAge) {
            return "maxAge \(maxAge) is out of range"
        }
        let body = max(route.padTo ?? 0, fileBytes ?? route.text?.utf8.count ?? 0)
        let chunks = (body + (route.chunk ?? 65536) - 1) / (route.chunk ?? 65536)
        let seconds = Double(chunks) * (route.delay ?? 0)
        if seconds > VectorLimits.maxRouteSendSeconds {
            return
                "\(chunks) chunks \(route.delay ?? 0) s apart take \(seconds) s, over \(VectorLimits.maxRouteSendSeconds) s"
        }
        return nil
    }

    /// The fixture server's route object for `route` (Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py);
    /// `fileBase` is where the session wrote the vector's files.
    func serverObject(_ route: IconLoadingRoute, fileBase: String) -> [String: Any] {
        var object: [String: Any] = ["status": route.status, "vector": prefix]
        if let contentType = route.contentType { object["type"] = contentType }
        if let file = route.file { object["file"] = fileBase + file }
        if let text = route.text { object["text"] = text }
        if route.template == true { object["template"] = true }
        if let location = route.location { object["location"] = location }
        if let filePrefix = route.filePrefix { object["file_prefix"] = filePrefix }
        if let padTo = route.padTo { object["pad_to"] = padTo }
        if let padByte = route.padByte { object["pad_byte"] = padByte }
        if route.noLength == true { object["no_length"] = true }
        if let chunk = route.chunk { object["chunk"] = chunk }
        if let delay = route.delay { object["delay"] = delay }
        if let etag = route.etag { object["etag"] = etag }
        if let maxAge = route.maxAge { object["max_age"] = maxAge }
        return object
    }
}

extension IconLoadingVector {
    /// Every `icon-loading` vector of a loaded set, in manifest order.
    public static func all(in vectors: [Vector]) throws(IconLoadingVectorError) -> [IconLoadingVector] {
        var out: [IconLoadingVector] = []
        for vector in vectors where vector.metadata.area == .iconLoading { out.append(try IconLoadingVector(vector)) }
        return out
    }
}
