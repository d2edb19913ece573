// Tests/IconLoadingTests/MaskRenderingTests.swift - The mask: golden images and properties at S = 1, 2, 3

import Foundation
import IconImages
import IconLoading
import Testing

@Suite struct MaskRenderingTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Golden masks of the 1024-pixel test pattern. `XDS_UPDATE_GOLDEN=1` rewrites them (look at
    /// them before committing); otherwise each pixel must match within 2 levels per channel.
    @Test(arguments: [1, 2, 3], CornerStyle.allCases)
    func goldenMask(scale: Int, corners: CornerStyle) throws {
        let source = TestImages.pattern(width: 1024, height: 1024)
        let png = try IconMasker(scale: scale, corners: corners).renderPNG(source)
        let file = Self.golden.appendingPathComponent("mask-\(corners.rawValue)-s\(scale).png")
        if ProcessInfo.processInfo.environment["XDS_UPDATE_GOLDEN"] == "1" {
            try Data(png).write(to: file)
        }
        let expected = try ImageDecoder.decode([UInt8](try Data(contentsOf: file)))
        let rendered = try ImageDecoder.decode(png)
        #expect(rendered.width == 29 * scale && rendered.height == 29 * scale)
        var worst = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width { worst = max(worst, rendered.pixel(x, y).distance(to: expected.pixel(x, y))) }
        }
        #expect(worst <= 2, "largest channel difference from the golden mask: \(worst)")
    }

    @Test(arguments: [1, 2, 3], [58, 87, 1024, 20])
    func propertiesHoldForEverySourceSize(scale: Int, sourceSize: Int) throws {
        let source = TestImages.pattern(width: sourceSize, height: sourceSize)
        let output = try IconMasker(scale: scale).render(source)
        #expect(MaskCheck.failures(output: output, source: source, scale: scale) == [])
    }

    @Test func strokeOverATransparentSourceIsTenPercentBlack() throws {
        let source = RGBAImage(width: 58, height: 58, filledWith: Pixel(r: 0, g: 0, b: 0, a: 0))
        let output = try IconMasker(scale: 2).render(source)
        // Row 0 at a straight edge is fully inside the stroke's inner half: alpha 0.1 × 255 ≈ 26.
        #expect(abs(Int(output.pixel(29, 0).a) - 26) <= 2)
        #expect(output.pixel(29, 29).a == 0)
        #expect(MaskCheck.failures(output: output, source: source, scale: 2) == [])
    }

    @Test func aMissingMaskFailsTheCheck() throws {
        // The check is not vacuous: the unmasked, unstroked source fails corners and stroke band.
        let source = TestImages.pattern(width: 58, height: 58)
        let failures = MaskCheck.failures(output: source, source: source, scale: 2)
        #expect(failures.contains { $0.hasPrefix("corner") })
        #expect(failures.contains { $0.hasPrefix("stroke band") })
        let small = TestImages.pattern(width: 29, height: 29)
        #expect(MaskCheck.failures(output: small, source: source, scale: 2).first?.hasPrefix("size") == true)
    }

    @Test func continuousCornersDifferFromCircularOnesOnlyNearTheCorners() throws {
        let source = TestImages.pattern(width: 87, height: 87)
        let continuous = try IconMasker(scale: 3, corners: .continuous).render(source)
        let circular = try IconMasker(scale: 3, corners: .circular).render(source)
        var differing: [(Int, Int)] = []
        for y in 0..<87 {
            for x in 0..<87 where continuous.pixel(x, y).distance(to: circular.pixel(x, y)) > 8 {
                differing.append((x, y))
            }
        }
        #expect(!differing.isEmpty)
        // A continuous corner reaches 1.528 r = 10.7 points along each edge: 32 pixels at S = 3.
        #expect(differing.allSatisfy { min($0.0, 86 - $0.0) < 33 && min($0.1, 86 - $0.1) < 33 })
        // A continuous corner starts curving earlier: 8 points from the corner it is already
        // inset from the top edge, where a circular corner (7 points) is still straight.
        #expect(continuous.pixel(24, 0).a < circular.pixel(24, 0).a)
    }

    @Test func outlineGeometry() {
        let outline = RoundedRectangle.outline(width: 29, height: 29, radius: 7, style: .continuous)
        #expect(outline.start == Outline.Point(x: 7 * 1.52866483, y: 0))
        #expect(outline.segments.count == 20)
        #expect(IconMasker.cornerRadius == 7)
    }
}
