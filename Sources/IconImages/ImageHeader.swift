// Sources/IconImages/ImageHeader.swift - Format and dimensions from the first bytes, no decoding

/// The format and dimensions an image declares, read without decoding anything.
public struct ImageHeader: Hashable, Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads the header: PNG's IHDR, or the first JPEG start-of-frame marker.
    /// Bounded: one pass over at most `bytes.count` bytes, no allocation proportional to the image.
    public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        if bytes.starts(with: pngSignature) { return try readPNG(bytes) }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 { return try readJPEG(bytes) }
        let shown = bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: " ")
        throw .unsupportedFormat(detail: bytes.isEmpty ? "empty body" : "first bytes \(shown)")
    }

    /// Reads the header and refuses dimensions over ``ImageLimits/maxDimension`` or zero.
    public static func checked(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        let header = try read(bytes)
        let limit = ImageLimits.maxDimension
        guard (1...limit).contains(header.width), (1...limit).contains(header.height) else {
            throw .dimensionsRefused(format: header.format, width: header.width, height: header.height, limit: limit)
        }
        return header
    }

    private static func readPNG(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        // Signature (8), then the first chunk: length (4) = 13, type "IHDR", width (4), height (4).
        guard bytes.count >= 24 else {
            throw .malformedHeader(
                format: .png, offset: bytes.count, detail: "cut short before IHDR's width and height")
        }
        guard bigEndian(bytes, 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .malformedHeader(format: .png, offset: 8, detail: "the first chunk is not a 13-byte IHDR")
        }
        return ImageHeader(format: .png, width: bigEndian(bytes, 16), height: bigEndian(bytes, 20))
    }

    private static func readJPEG(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else {
                throw .malformedHeader(format: .jpeg, offset: offset, detail: "expected a marker (0xFF)")
            }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // markers without a length
                offset += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA {
                throw .malformedHeader(format: .jpeg, offset: offset, detail: "no start-of-frame before scan data")
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else {
                throw .malformedHeader(format: .jpeg, offset: offset + 2, detail: "segment length \(length)")
            }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                // length (2), precision (1), height (2), width (2)
                guard offset + 9 <= bytes.count, length >= 7 else {
                    throw .malformedHeader(format: .jpeg, offset: offset, detail: "start-of-frame cut short")
                }
                let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            offset += 2 + length
        }
        throw .malformedHeader(
            format: .jpeg, offset: min(offset, bytes.count), detail: "cut short before start-of-frame")
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
