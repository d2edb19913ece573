// Sources/IconLoading/Mask/MaskExpectation.swift - The stated values a masked icon is judged against

import IconImages

/// What ``MaskCheck`` holds an output to: its size, the corners' alpha, two probed pixels and the inside box,
/// each with its tolerance. ``derived(source:scale:)`` states them for a source image at a scale (the values an
/// icon-loading vector's expected file carries).
public struct MaskExpectation: Hashable, Sendable {
    /// One pixel compared with a colour, each channel within `tolerance`.
    public struct Probe: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var colour: Pixel
        public var tolerance: Int

        public init(x: Int, y: Int, colour: Pixel, tolerance: Int) {
            self.x = x
            self.y = y
            self.colour = colour
            self.tolerance = tolerance
        }
    }

    /// The half-open pixel box `[x0, x1) × [y0, y1)` where uniform source areas must come through unchanged.
    public struct Box: Hashable, Sendable {
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

    /// Width and height, pixels.
    public var size: Int
    public var cornerMaxAlpha: Int
    public var centre: Probe
    public var strokeBand: Probe
    public var inside: Box

    public init(size: Int, cornerMaxAlpha: Int, centre: Probe, strokeBand: Probe, inside: Box) {
        self.size = size
        self.cornerMaxAlpha = cornerMaxAlpha
        self.centre = centre
        self.strokeBand = strokeBand
        self.inside = inside
    }

    /// The values for `source` masked at `scale` (S): 29·S square; corners' alpha ≤ 8; the centre pixel the
    /// source's centre colour ±6; the top-row pixel 12.5 points from the left the source colour there under the
    /// 10 % black stroke ±8; the box from 9 to 20 points ±6.
    public static func derived(source: RGBAImage, scale: Int) -> MaskExpectation {
        let side = 29 * scale
        let bandX = Int(12.5 * Double(scale))
        return MaskExpectation(
            size: side, cornerMaxAlpha: MaskCheck.cornerAlphaTolerance,
            centre: Probe(
                x: side / 2, y: side / 2, colour: source.pixel(source.width / 2, source.height / 2),
                tolerance: MaskCheck.colourTolerance),
            strokeBand: Probe(
                x: bandX, y: 0,
                colour: MaskCheck.strokeBand(MaskCheck.sourcePixel(source, x: bandX, y: 0, side: side), scale: scale),
                tolerance: MaskCheck.strokeTolerance),
            inside: Box(
                x0: 9 * scale, y0: 9 * scale, x1: 20 * scale, y1: 20 * scale, tolerance: MaskCheck.colourTolerance))
    }
}
