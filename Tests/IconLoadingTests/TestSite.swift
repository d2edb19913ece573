// Tests/IconLoadingTests/TestSite.swift - Test images and a fixture server serving them

import CTurboJPEG
import Foundation
import IconImages
import IconLoadingArea

/// Test images: four bright quadrants with a centre square of another colour, so the centre,
/// the stroke band (top-left quadrant) and the inside area each sit on uniform colour.
enum TestImages {
    static let quadrants = [
        Pixel(r: 230, g: 40, b: 40), Pixel(r: 40, g: 200, b: 60), Pixel(r: 50, g: 80, b: 230),
        Pixel(r: 250, g: 200, b: 30),
    ]
    static let centre = Pixel(r: 120, g: 40, b: 160)

    static func pattern(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: centre)
        for y in 0..<height {
            for x in 0..<width {
                let inCentre = abs(2 * x + 1 - width) < width * 2 / 5 && abs(2 * y + 1 - height) < height * 2 / 5
                if !inCentre { image.set(x, y, quadrants[(2 * x >= width ? 1 : 0) + (2 * y >= height ? 2 : 0)]) }
            }
        }
        return image
    }

    static func png(width: Int, height: Int) -> [UInt8] {
        PNGEncoder.encode(pattern(width: width, height: height)) ?? []
    }

    /// The pattern as a baseline JPEG (quality 95, 4:4:4) with libjpeg-turbo.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        let image = pattern(width: width, height: height)
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue), &output, &length,
                Int32(TJSAMP_444.rawValue), 95, 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// A grey progressive JPEG whose one DC scan (first pass, no successive approximation, so each repeat is a
    /// valid, warning-free pass over every block) is repeated `scans` times: the shape of a JPEG CPU bomb.
    /// Every block's DC difference is 0, coded by a one-symbol Huffman table as a single 0 bit.
    static func repeatedScanJPEG(width: Int, height: Int, scans: Int) -> [UInt8] {
        func be16(_ value: Int) -> [UInt8] {
            [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }
        var out: [UInt8] = [0xFF, 0xD8]
        out += [0xFF, 0xDB] + be16(67) + [0x00] + [UInt8](repeating: 1, count: 64)  // DQT 0: all ones
        out += [0xFF, 0xC2] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]  // SOF2, one component
        out += [0xFF, 0xC4] + be16(20) + [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0]  // DHT: DC 0, code "0"
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        var data = [UInt8](repeating: 0, count: (blocks + 7) / 8)
        let padding = data.count * 8 - blocks
        if padding > 0 { data[data.count - 1] = UInt8((1 << padding) - 1) }  // pad the last byte with 1 bits
        let scan: [UInt8] = [0xFF, 0xDA] + be16(8) + [1, 1, 0x00, 0, 0, 0x00] + data  // Ss 0, Se 0, Ah 0, Al 0
        for _ in 0..<scans { out += scan }
        return out + [0xFF, 0xD9]
    }

    /// A PNG signature and IHDR declaring `width × height`, then nothing: what a decompression bomb starts with.
    static func giantHeaderPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }
}

/// A temporary folder with files and routes, served by the fixture server for one test.
final class TestSite {
    let folder: URL
    let server: FixtureServer
    var origin: String { server.httpsOrigin }
    var caFile: String { server.caFile }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var fixtureServerScript: String {
        packageRoot.appendingPathComponent("Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py").path
    }

    /// `files`: name → bytes; `routes`: path → route object (see the server script).
    init(files: [String: [UInt8]], routes: [String: [String: Any]]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("xds-icon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let routesFile = folder.appendingPathComponent("routes.json")
        try JSONSerialization.data(withJSONObject: routes).write(to: routesFile)
        server = try FixtureServer(
            script: Self.packageRoot.appendingPathComponent(
                "Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py"
            ).path,
            routes: routesFile.path, workDirectory: folder.appendingPathComponent("server").path)
    }

    /// The common site: appInfo.json listing icons at 29, 58, 87 and 1024 pixels.
    static func standard(appInfoRoute: [String: Any] = [:], imageRoute: [String: Any] = [:]) throws -> TestSite {
        let appInfo =
            #"{"icons": [{"width": 29, "height": 29, "src": "img/icon.png"}, {"width": 58, "height": 58, "src": "img/icon@2x.png"}, {"width": 87, "height": 87, "src": "img/icon@3x.png"}, {"width": 1024, "height": 1024, "src": "img/icon-1024.png"}]}"#
        var files: [String: [UInt8]] = ["appInfo.json": Array(appInfo.utf8)]
        var routes: [String: [String: Any]] = [
            "/app/appInfo.json": ["file": "appInfo.json", "type": "application/json"].merging(appInfoRoute) { $1 }
        ]
        for (name, size) in [("icon.png", 29), ("icon@2x.png", 58), ("icon@3x.png", 87), ("icon-1024.png", 1024)] {
            files[name] = TestImages.png(width: size, height: size)
            routes["/app/img/\(name)"] = ["file": name, "type": "image/png"].merging(imageRoute) { $1 }
        }
        return try TestSite(files: files, routes: routes)
    }

    /// A site whose appInfo.json lists only a 29-pixel icon: no icon at scales above 1.
    static func smallOnly() throws -> TestSite {
        try TestSite(
            files: [
                "appInfo.json": Array(#"{"icons":[{"width":29,"height":29,"src":"s.png"}]}"#.utf8),
                "s.png": TestImages.png(width: 29, height: 29),
            ], routes: ["/app/appInfo.json": ["file": "appInfo.json"], "/app/s.png": ["file": "s.png"]])
    }

    var appInfoURL: String { origin + "/app/appInfo.json" }

    func paths() -> [String] { server.requests().map { "\($0.scheme) \($0.path)" } }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
