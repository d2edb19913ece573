// Sources/IconImages/ImageError.swift - Why bytes are not a usable icon image

/// Why an image was not decoded.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither the PNG signature nor a JPEG start-of-image marker.
    case unsupportedFormat(detail: String)
    /// The header is cut short or malformed (at byte `offset`).
    case malformedHeader(format: ImageFormat, offset: Int, detail: String)
    /// The header declares more than ``ImageLimits/maxDimension`` pixels on a side (or zero).
    case dimensionsRefused(format: ImageFormat, width: Int, height: Int, limit: Int)
    /// A JPEG declares more scans than ``ImageLimits/maxJPEGScans`` or more decoding work (component blocks
    /// summed over its scans, ``JPEGWork``) than ``ImageLimits/maxJPEGBlocks``.
    case workRefused(work: JPEGWork, scanLimit: Int, blockLimit: Int)
    /// libpng or libjpeg-turbo found the data corrupt (their message).
    case corrupt(format: ImageFormat, detail: String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let detail): return "not a PNG or JPEG image: \(detail)"
        case .malformedHeader(let format, let offset, let detail):
            return "malformed \(format.rawValue) header at byte \(offset): \(detail)"
        case .dimensionsRefused(let format, let width, let height, let limit):
            return
                "\(format.rawValue) header declares \(width)x\(height); refused before decoding (limit \(limit)x\(limit), and no zero side)"
        case .workRefused(let work, let scanLimit, let blockLimit):
            return
                "JPEG declares \(work.scans) scans over \(work.blocks) blocks; refused before decoding (limits \(scanLimit) scans, \(blockLimit) blocks)"
        case .corrupt(let format, let detail): return "corrupt \(format.rawValue) data: \(detail)"
        }
    }

    /// The safety rule that refused the image before decoding (`image-dimensions`, `image-work`); nil when the
    /// bytes were tried and are not a usable image.
    public var refusalRule: String? {
        switch self {
        case .dimensionsRefused: return "image-dimensions"
        case .workRefused: return "image-work"
        case .unsupportedFormat, .malformedHeader, .corrupt: return nil
        }
    }
}

/// The formats an icon may have: what the original's `UIImage` reads for an icon.
public enum ImageFormat: String, Hashable, Sendable, Codable {
    case png = "PNG"
    case jpeg = "JPEG"
}

/// Bounds checked on the header, before any pixel memory is allocated.
public enum ImageLimits {
    /// Largest width or height accepted.
    public static let maxDimension = 4096
    /// Most start-of-scan markers a JPEG may have (a baseline JPEG has one, a progressive one from libjpeg
    /// ten). Checked by ``JPEGWork`` before decoding; libjpeg-turbo's own limit (500) is set as well.
    public static let maxJPEGScans = 100
    /// Most component blocks summed over a JPEG's scans: 2^24, over four times a 4096x4096 4:4:4 progressive
    /// JPEG with libjpeg's ten scans (3.7 million), a fraction of a second of decoding.
    public static let maxJPEGBlocks = 1 << 24
}
