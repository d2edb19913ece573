// Tests/IconLoadingTests/IconLoadingOwnVectorsTests.swift - A vector set of one's own: hand-written and hand-edited
// icon-loading vectors are served and judged from their files

import ConformanceModel
import Foundation
import IconImages
import IconLoading
import IconLoadingArea
import Icons
import Testing

/// A temporary vectors directory with a manifest of its own: copies of committed vectors, edited copies, and a
/// vector written here from scratch.
final class OwnVectorSet {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xds-own-vectors-\(UUID().uuidString)")
    private var entries: [VectorMetadata] = []

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Adds `vector` under `name` (same group), its site and expectation passed through `edit`.
    func add(
        _ vector: Vector, as name: String, editSite: (inout IconLoadingSite) -> Void = { _ in },
        editExpectation: (inout IconLoadingExpectation) -> Void = { _ in }
    ) throws {
        var site = try JSONDecoder().decode(IconLoadingSite.self, from: Data(vector.input))
        var expectation = try JSONDecoder().decode(IconLoadingExpectation.self, from: Data(vector.expected ?? []))
        editSite(&site)
        editExpectation(&expectation)
        var metadata = vector.metadata
        metadata.id = "icon-loading/\(metadata.group.rawValue)/\(name)"
        metadata.input = metadata.id + ".site.json"
        metadata.expected = metadata.id + ".json"
        try write(metadata.input, Self.json(site))
        try write(metadata.id + ".json", Self.json(expectation))
        for (path, bytes) in vector.files { try write(path, bytes) }
        entries.append(metadata)
    }

    func add(_ metadata: VectorMetadata, site: IconLoadingSite, expectation: IconLoadingExpectation) throws {
        try write(metadata.input, Self.json(site))
        try write(metadata.expected ?? "", Self.json(expectation))
        entries.append(metadata)
    }

    func load() throws -> [IconLoadingVector] {
        try write("manifest.json", Self.json(Manifest(suiteVersion: suiteVersion, vectors: entries)))
        return try IconLoadingVector.all(in: VectorDirectory.load(directory: root.path).vectors)
    }

    static func json<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(value))
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

@Suite struct IconLoadingOwnVectorsTests {
    static func committed(_ id: String) throws -> Vector {
        try #require(try CommittedIconLoadingVectors.directory().vectors.first { $0.metadata.id == id })
    }

    static func run(_ vectors: [IconLoadingVector]) throws -> [String: IconLoadingCaseResult] {
        let owner = try IconLoadingAreaTests.Session(vectors: vectors)
        defer { withExtendedLifetime(owner) {} }
        let results = owner.session.run(label: "own", perform: IconLoadingAreaTests.reference(profile: .recommended))
        return Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0) })
    }

    /// The reference passes the committed vectors; each hand edit of a copy changes the verdict, for the reason
    /// the edit gives.
    @Test func handEditedVectorsChangeTheVerdict() throws {
        let set = OwnVectorSet()
        let exact = try Self.committed("icon-loading/valid/exact-sizes-scale-2")
        let missing = try Self.committed("icon-loading/invalid/appinfo-404-scale-1")
        try set.add(exact, as: "exact-sizes-scale-2")
        try set.add(missing, as: "appinfo-404-scale-1")
        try set.add(exact, as: "edited-centre-scale-2") { _ in
        } editExpectation: {
            $0.image?.centre.rgba = [0, 0, 0, 255]
        }
        try set.add(exact, as: "edited-size-scale-2") { _ in
        } editExpectation: {
            $0.image?.size = 87
        }
        try set.add(exact, as: "edited-allowed-scale-2") { _ in
        } editExpectation: {
            $0.requests.allowed = ["/appInfo.json"]
        }
        try set.add(exact, as: "edited-icon-404-scale-2", editSite: { $0.routes["/img/icon@2x.png"]?.status = 404 })
        try set.add(exact, as: "edited-scale-scale-2", editSite: { $0.scale = 1 })
        try set.add(
            missing, as: "edited-appinfo-present-scale-1",
            editSite: {
                var route = IconLoadingRoute()
                route.text = #"{"icons": [{"width": 29, "height": 29, "src": "img/icon.png"}]}"#
                $0.routes["/appInfo.json"] = route
            })
        let results = try Self.run(try set.load())
        func verdict(_ group: String, _ name: String) -> IconLoadingVerdict? {
            results["icon-loading/\(group)/\(name)"]?.verdict
        }
        #expect(verdict("valid", "exact-sizes-scale-2")?.kind == .pass)
        #expect(verdict("invalid", "appinfo-404-scale-1")?.kind == .pass)
        #expect(verdict("valid", "edited-centre-scale-2")?.reasons.first?.hasPrefix("centre:") == true)
        #expect(verdict("valid", "edited-size-scale-2")?.reasons == ["size: expected 87x87, got 58x58"])
        #expect(
            verdict("valid", "edited-allowed-scale-2")?.reasons.contains {
                $0.hasPrefix("fetched /img/icon@2x.png, which is not the chosen icon")
            } == true)
        #expect(
            verdict("valid", "edited-icon-404-scale-2")?.reasons.contains("no icon (exit 1) where one must load")
                == true)
        // At scale 1 the 29 px icon is chosen, not the expected 58 px one.
        #expect(verdict("valid", "edited-scale-scale-2")?.kind == .fail)
        // appInfo.json now exists and lists an icon: the icon loads where the (unedited) expectation says none.
        #expect(
            verdict("invalid", "edited-appinfo-present-scale-1")?.reasons.contains(
                "produced an icon (exit 0) where none must load") == true)
        #expect(results.count == 8)
    }

    /// A vector written from scratch, with an image of its own, in a directory of its own: `--vectors DIR`.
    @Test func aVectorWrittenByHandIsServedAndJudged() throws {
        let set = OwnVectorSet()
        var image = RGBAImage(width: 64, height: 64, filledWith: Pixel(r: 20, g: 120, b: 200))
        for y in 24..<40 { for x in 24..<40 { image.set(x, y, Pixel(r: 240, g: 240, b: 240)) } }
        let png = try #require(PNGEncoder.encode(image))
        try set.write("icon-loading/mine/blue.png", png)
        var appInfo = IconLoadingRoute()
        appInfo.text = #"{"icons": [{"width": 64, "height": 64, "src": "blue.png"}]}"#
        var icon = IconLoadingRoute()
        icon.file = "icon-loading/mine/blue.png"
        icon.contentType = "image/png"
        let site = IconLoadingSite(
            scale: 2, entry: "/appInfo.json", routes: ["/appInfo.json": appInfo, "/blue.png": icon])
        let derived = MaskExpectation.derived(source: try ImageDecoder.decode(png), scale: 2)
        func probe(_ value: MaskExpectation.Probe) -> IconLoadingImageExpectation.Probe {
            .init(
                x: value.x, y: value.y,
                rgba: [Int(value.colour.r), Int(value.colour.g), Int(value.colour.b), Int(value.colour.a)],
                tolerance: value.tolerance)
        }
        let expectation = IconLoadingExpectation(
            outcome: .icon, requests: .init(allowed: ["/appInfo.json", "/blue.png"], mustFetch: ["/blue.png"]),
            image: IconLoadingImageExpectation(
                source: "icon-loading/mine/blue.png", size: derived.size, cornerMaxAlpha: derived.cornerMaxAlpha,
                centre: probe(derived.centre), strokeBand: probe(derived.strokeBand),
                inside: .init(
                    x0: derived.inside.x0, y0: derived.inside.y0, x1: derived.inside.x1, y1: derived.inside.y1,
                    tolerance: derived.inside.tolerance)))
        let id = "icon-loading/valid/my-blue-icon-scale-2"
        try set.add(
            VectorMetadata(
                id: id, area: .iconLoading, group: .valid, input: id + ".site.json", expected: id + ".json",
                description: "mine", spec: "icon-loading.image-formats", level: .required, tags: [.mask],
                since: suiteVersion, error: nil, made: "by hand", files: ["icon-loading/mine/blue.png"]),
            site: site, expectation: expectation)
        let results = try Self.run(try set.load())
        #expect(results[id]?.verdict.kind == .pass, "\(results[id]?.verdict.reasons ?? [])")
        #expect(results[id]?.requests == ["https /appInfo.json", "https /blue.png"])
    }

    @Test func listedFilesMustStayInsideTheVectorsDirectory() throws {
        let set = OwnVectorSet()
        let exact = try Self.committed("icon-loading/valid/exact-sizes-scale-1")
        try set.add(exact, as: "exact-sizes-scale-1")
        var manifest = Manifest(
            suiteVersion: suiteVersion,
            vectors: [exact.metadata])
        manifest.vectors[0].files = (manifest.vectors[0].files ?? []) + ["../outside.png"]
        try set.write("manifest.json", OwnVectorSet.json(manifest))
        // The `..` rule itself, not a later failure to read the file (which a missing `..` check would also
        // end in): its own message, naming the manifest.
        let error = #expect(throws: VectorDirectoryError.self) { try VectorDirectory.load(directory: set.root.path) }
        #expect(error?.path == set.root.path + "/manifest.json")
        #expect(
            error?.message == "path '../outside.png' is not a plain relative path inside the vectors directory",
            "\(String(describing: error))")
    }
}
