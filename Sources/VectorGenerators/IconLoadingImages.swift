// Sources/VectorGenerators/IconLoadingImages.swift - The source images of the icon-loading vectors

import IconImages

/// Source images built so that each judged property of the icon sits on uniform colour: four bright quadrants
/// (the stroke band is in the top-left one) around a centre square of another colour (the centre pixel and most
/// of the inside area). Encoded with libpng and libjpeg-turbo (IconImages).
public enum TestPattern {
    public static let quadrants = [
        Pixel(r: 230, g: 40, b: 40), Pixel(r: 40, g: 200, b: 60), Pixel(r: 50, g: 80, b: 230),
        Pixel(r: 250, g: 200, b: 30),
    ]
    public static let centre = Pixel(r: 120, g: 40, b: 160)

    public static func image(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: centre)
        for y in 0..<height {
            for x in 0..<width {
                let inCentre = abs(2 * x + 1 - width) < width * 2 / 5 && abs(2 * y + 1 - height) < height * 2 / 5
                if !inCentre { image.set(x, y, quadrants[(2 * x >= width ? 1 : 0) + (2 * y >= height ? 2 : 0)]) }
            }
        }
        return image
    }

    /// The pattern with transparent quadrants and a half-transparent centre.
    public static func translucent(size: Int) -> RGBAImage {
        var image = image(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                var pixel = image.pixel(x, y)
                pixel.a = pixel == centre ? 128 : 0
                if pixel.a == 0 { pixel = Pixel(r: 0, g: 0, b: 0, a: 0) }
                image.set(x, y, pixel)
            }
        }
        return image
    }

    /// A PNG signature and an IHDR declaring `width × height`, then nothing.
    public static func giantHeaderPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
            + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }
}

/// The files the icon-loading sites serve, by path relative to `Vectors/`.
enum IconLoadingImages {
    static let folder = "icon-loading/images/"

    /// Every image (and the HTML page served as one), `icon-loading/images/<name>` → bytes.
    static func all() -> [String: [UInt8]] {
        var images: [String: [UInt8]] = [:]
        for size in [16, 29, 58, 87, 1024] {
            images[folder + "pattern-\(size).png"] = PNGEncoder.encode(TestPattern.image(width: size, height: size))
        }
        for size in [29, 58, 87] {
            images[folder + "pattern-\(size).jpg"] = JPEGEncoder.encode(TestPattern.image(width: size, height: size))
        }
        images[folder + "pattern-100x200.png"] = PNGEncoder.encode(TestPattern.image(width: 100, height: 200))
        images[folder + "translucent-96.png"] = PNGEncoder.encode(TestPattern.translucent(size: 96))
        images[folder + "bomb-60000.png"] = TestPattern.giantHeaderPNG(width: 60000, height: 60000)
        images[folder + "page.html"] = Array("<!doctype html><title>not an icon</title>\n".utf8)
        return images.compactMapValues { $0 }
    }
}
