// Sources/IconLoading/Mask/MaskCheck.swift - Judges a masked icon by its properties, with stated tolerances

import IconImages

/// The property checks the tests and the `icon-loading` conformance area apply to a masked icon.
///
/// For an output of an icon rendered from `source` at `scale` (S):
/// 1. **size**: exactly 29·S × 29·S pixels.
/// 2. **corners**: the four corner pixels have alpha ≤ ``cornerAlphaTolerance``.
/// 3. **centre**: the centre pixel equals the source's centre colour within ``colourTolerance``
///    per channel (sources have a uniform centre region, so resampling does not matter).
/// 4. **stroke band**: the pixel in the top row at 12.5 points from the left (a straight part of
///    the edge) is the source colour under black at 10 % alpha covering min(1, S/2) of the
///    pixel: each channel `c·(1 − 0.1·coverage)` and alpha `a + (255 − a)·0.1·coverage`,
///    within ``strokeTolerance``.
/// 5. **inside unchanged**: every pixel of the box from 9 to 20 points (away from the edge and
///    the corners) whose source neighbourhood is uniform equals the source colour there within
///    ``colourTolerance``.
public enum MaskCheck {
    public static let cornerAlphaTolerance = 8
    public static let colourTolerance = 6
    public static let strokeTolerance = 8

    /// The failed properties, each with what was expected and found; empty when all hold.
    public static func failures(output: RGBAImage, source: RGBAImage, scale: Int) -> [String] {
        failures(output: output, source: source, expectation: MaskExpectation.derived(source: source, scale: scale))
    }

    /// The failed properties against stated values (an icon-loading vector's expected file); empty when all hold.
    /// `source` is needed for the inside area only.
    public static func failures(output: RGBAImage, source: RGBAImage, expectation: MaskExpectation) -> [String] {
        let side = expectation.size
        guard output.width == side, output.height == side else {
            return ["size: expected \(side)x\(side), got \(output.width)x\(output.height)"]
        }
        var failures: [String] = []
        for (x, y) in [(0, 0), (side - 1, 0), (0, side - 1), (side - 1, side - 1)] {
            let alpha = Int(output.pixel(x, y).a)
            if alpha > expectation.cornerMaxAlpha {
                failures.append("corner (\(x),\(y)): alpha \(alpha), expected ≤ \(expectation.cornerMaxAlpha)")
            }
        }
        let centreProbe = expectation.centre
        let centre = pixel(output, centreProbe.x, centreProbe.y)
        if centre.map({ $0.distance(to: centreProbe.colour) > centreProbe.tolerance }) ?? true {
            failures.append(
                "centre: \(centre.map(\.description) ?? "outside the image"), expected the source centre \(centreProbe.colour) ±\(centreProbe.tolerance)"
            )
        }
        let bandProbe = expectation.strokeBand
        let band = pixel(output, bandProbe.x, bandProbe.y)
        if band.map({ $0.distance(to: bandProbe.colour) > bandProbe.tolerance }) ?? true {
            failures.append(
                "stroke band (\(bandProbe.x),\(bandProbe.y)): \(band.map(\.description) ?? "outside the image"), expected \(bandProbe.colour) ±\(bandProbe.tolerance) (10 % black over the source)"
            )
        }
        var changed = 0
        var firstChange = ""
        let inside = expectation.inside
        let (x0, y0) = (max(0, inside.x0), max(0, inside.y0))
        let (x1, y1) = (max(x0, min(side, inside.x1)), max(y0, min(side, inside.y1)))
        for y in y0..<y1 {
            for x in x0..<x1 where uniformSource(source, x: x, y: y, side: side) {
                let found = output.pixel(x, y)
                let wanted = sourcePixel(source, x: x, y: y, side: side)
                if found.distance(to: wanted) > inside.tolerance {
                    if changed == 0 { firstChange = "(\(x),\(y)) \(found), expected \(wanted)" }
                    changed += 1
                }
            }
        }
        if changed > 0 { failures.append("inside area: \(changed) pixel(s) changed, first \(firstChange)") }
        return failures
    }

    /// The pixel at (x, y), or nil outside the image.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
        return image.pixel(x, y)
    }

    /// The source pixel under output pixel (x, y) (nearest, by pixel centres).
    static func sourcePixel(_ source: RGBAImage, x: Int, y: Int, side: Int) -> Pixel {
        let sx = min(source.width - 1, (2 * x + 1) * source.width / (2 * side))
        let sy = min(source.height - 1, (2 * y + 1) * source.height / (2 * side))
        return source.pixel(sx, sy)
    }

    /// Whether the source is one colour over the whole footprint of output pixel (x, y), plus a margin.
    static func uniformSource(_ source: RGBAImage, x: Int, y: Int, side: Int) -> Bool {
        let x0 = max(0, (x - 1) * source.width / side - 1)
        let x1 = min(source.width - 1, (x + 2) * source.width / side + 1)
        let y0 = max(0, (y - 1) * source.height / side - 1)
        let y1 = min(source.height - 1, (y + 2) * source.height / side + 1)
        let first = source.pixel(x0, y0)
        for sy in y0...y1 {
            for sx in x0...x1 where source.pixel(sx, sy) != first { return false }
        }
        return true
    }

    /// `colour` under black at 10 % alpha covering min(1, S/2) of the pixel.
    static func strokeBand(_ colour: Pixel, scale: Int) -> Pixel {
        let cover = 0.1 * min(1.0, Double(scale) / 2)
        let alpha = Double(colour.a) / 255
        let outAlpha = alpha + (1 - alpha) * cover
        func channel(_ value: UInt8) -> UInt8 {
            guard outAlpha > 0 else { return 0 }
            // premultiplied: c·a·(1 − cover) + 0·cover, then divided by the new alpha
            return UInt8(min(255, max(0, (Double(value) * alpha * (1 - cover) / outAlpha).rounded())))
        }
        return Pixel(
            r: channel(colour.r), g: channel(colour.g), b: channel(colour.b), a: UInt8((outAlpha * 255).rounded()))
    }
}
