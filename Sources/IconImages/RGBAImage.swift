// Sources/IconImages/RGBAImage.swift - Decoded pixels: 8-bit sRGB RGBA, not premultiplied

/// A decoded image: `width × height` pixels, 4 bytes each (R, G, B, A), rows top to bottom,
/// alpha not premultiplied.
public struct RGBAImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width × height` image of one colour.
    public init(width: Int, height: Int, filledWith colour: Pixel) {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { pixels += [colour.r, colour.g, colour.b, colour.a] }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at column `x`, row `y`.
    public func pixel(_ x: Int, _ y: Int) -> Pixel {
        let base = (y * width + x) * 4
        return Pixel(r: pixels[base], g: pixels[base + 1], b: pixels[base + 2], a: pixels[base + 3])
    }

    /// Sets the pixel at column `x`, row `y`.
    public mutating func set(_ x: Int, _ y: Int, _ colour: Pixel) {
        let base = (y * width + x) * 4
        pixels[base] = colour.r
        pixels[base + 1] = colour.g
        pixels[base + 2] = colour.b
        pixels[base + 3] = colour.a
    }
}

/// One RGBA pixel.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The largest difference of any channel.
    public func distance(to other: Pixel) -> Int {
        max(
            abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)),
            abs(Int(a) - Int(other.a)))
    }

    public var description: String { "rgba(\(r),\(g),\(b),\(a))" }
}
