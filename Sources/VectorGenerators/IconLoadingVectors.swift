// Sources/VectorGenerators/IconLoadingVectors.swift - Each icon-loading site written as one vector per scale

import ConformanceModel
import Foundation
import IconImages

extension IconLoadingFamily {
    static let made = "generator: IconLoadingFamily (images: libpng, libjpeg-turbo)"

    /// Every (site, scale) as a vector `icon-loading/<group>/<site>-scale-<S>`: `<id>.site.json` (what the fixture
    /// server serves, the scale), `<id>.json` (the expectation), the served images listed in `files`.
    static func vectors() -> [GeneratedVector] {
        let images = IconLoadingImages.all()
        var vectors: [GeneratedVector] = []
        for site in sites() {
            for scale in 1...3 {
                let expectation = site.expected[scale] ?? .none(allowing: [])
                let input = IconLoadingSite(scale: scale, entry: "/appInfo.json", routes: site.routes)
                let served = Set(site.routes.values.compactMap(\.file) + (expectation.source.map { [$0] } ?? []))
                vectors.append(
                    GeneratedVector(
                        .iconLoading, site.group, "\(site.name)-scale-\(scale)", input: render(input) + [0x0A],
                        expected: String(
                            decoding: render(expected(expectation, scale: scale, images: images)), as: UTF8.self),
                        description: site.description, spec: site.spec, level: site.level, tags: site.tags,
                        error: site.error, made: made, files: images.filter { served.contains($0.key) }))
            }
        }
        return vectors
    }

    /// The expected file: the outcome, the requests, and for an icon the stated image properties.
    static func expected(_ expectation: Expectation, scale: Int, images: [String: [UInt8]]) -> IconLoadingExpectation {
        let requests = IconLoadingExpectation.Requests(
            allowed: expectation.allowed,
            mustFetch: expectation.source == nil ? [] : expectation.allowed.last.map { [$0] } ?? [])
        guard let source = expectation.source else {
            return IconLoadingExpectation(outcome: .none, requests: requests, image: nil)
        }
        let image = (try? ImageDecoder.decode(images[source] ?? [])).map {
            IconLoadingOracle.expectation(source: source, image: $0, scale: scale)
        }
        return IconLoadingExpectation(outcome: .icon, requests: requests, image: image)
    }

    /// Pretty JSON, keys sorted, slashes unescaped: the same bytes on every run.
    static func render<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(value)) ?? Data())
    }
}

/// The spec id, tags and (for `invalid`) the kind of "no icon" of each site.
enum IconLoadingCitations {
    static func of(_ site: String) -> (String, [VectorTag], VectorErrorCategory?) {
        switch site {
        case "exact-sizes": return ("icon-loading.image-formats", [.exactMatch, .mask], nil)
        case "only-large": return ("icon-loading.image-formats", [.larger, .mask], nil)
        case "jpeg-icons": return ("icon-loading.image-formats", [.imageFormat, .mask], nil)
        case "non-square-stretched": return ("icon-loading.image-formats", [.nonSquare, .mask], nil)
        case "translucent-icon": return ("icon-loading.image-formats", [.mask], nil)
        case "https-redirects", "image-redirect-https": return ("icon-loading.redirects", [.redirect], nil)
        case "no-content-type-no-length": return ("icon-loading.image-formats", [.headers], nil)
        case "slow-body": return ("icon-loading.timeouts", [.slow], nil)
        case "cache-headers": return ("icon-loading.status", [.cache, .headers], nil)
        case "appinfo-redirect-to-http", "image-redirect-to-http":
            return ("icon-loading.redirects", [.redirect, .http], .refused)
        case "image-src-http": return ("icon-loading.https-only", [.http, .url], .refused)
        case "image-src-userinfo": return ("icon-loading.credentials", [.credentials, .url], .refused)
        case "image-404", "appinfo-500", "appinfo-404": return ("icon-loading.status", [.status], .network)
        case "image-is-html": return ("icon-loading.image-formats", [.imageFormat], .undecodable)
        case "image-truncated": return ("icon-loading.image-formats", [.imageFormat, .truncation], .undecodable)
        case "image-giant-header": return ("icon-loading.image-formats", [.imageFormat, .limit], .refused)
        case "image-oversize": return ("icon-loading.image-size", [.size, .limit], .refused)
        case "appinfo-oversize": return ("icon-loading.appinfo-size", [.size, .limit], .refused)
        case "no-large-enough-icon": return ("icons.select", [.noneLarger], .noIcon)
        case "image-redirect-loop": return ("icon-loading.redirects", [.redirect], .network)
        default: return ("", [], nil)
        }
    }
}

/// The stated image properties of an icon made from a source at a scale, written here without the judge's code
/// (IconMask.MaskExpectation.derived); `IconLoadingVectorTests` checks that the two agree.
enum IconLoadingOracle {
    static func expectation(source: String, image: RGBAImage, scale: Int) -> IconLoadingImageExpectation {
        let side = 29 * scale
        let centre = image.pixel(image.width / 2, image.height / 2)
        // The top-row pixel 12.5 points from the left; the source pixel under its centre, nearest.
        let bandX = (25 * scale) / 2
        let under = image.pixel(
            min(image.width - 1, (2 * bandX + 1) * image.width / (2 * side)),
            min(image.height - 1, image.height / (2 * side)))
        return IconLoadingImageExpectation(
            source: source, size: side, cornerMaxAlpha: 8,
            centre: .init(x: side / 2, y: side / 2, rgba: rgba(centre), tolerance: 6),
            strokeBand: .init(x: bandX, y: 0, rgba: stroked(under, scale: scale), tolerance: 8),
            inside: .init(x0: 9 * scale, y0: 9 * scale, x1: 20 * scale, y1: 20 * scale, tolerance: 6))
    }

    static func rgba(_ pixel: Pixel) -> [Int] { [Int(pixel.r), Int(pixel.g), Int(pixel.b), Int(pixel.a)] }

    /// Black at 10 % alpha over `pixel`, covering min(1, S/2) of it (half of the 1-point line lies inside).
    static func stroked(_ pixel: Pixel, scale: Int) -> [Int] {
        let cover = 0.1 * min(1.0, Double(scale) / 2)
        let alpha = Double(pixel.a) / 255
        let outAlpha = alpha + (1 - alpha) * cover
        let channels = [pixel.r, pixel.g, pixel.b].map { value -> Int in
            outAlpha > 0 ? Int(min(255, max(0, (Double(value) * alpha * (1 - cover) / outAlpha).rounded()))) : 0
        }
        return channels + [Int((outAlpha * 255).rounded())]
    }
}
