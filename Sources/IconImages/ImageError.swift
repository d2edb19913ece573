// Sources/IconImages/ImageError.swift - Why bytes are not a usable icon image

/// Why an image was not decoded.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither the PNG signature nor a JPEG start-of-image marker.
    case unsupportedFormat(detail: String)
    /// The header is cut short or malformed (at byte `offset`).
    case malformedHeader(format: ImageFormat, offset: Int, detail: String)
    /// The header declares more than ``ImageLimits/maxDimension`` pixels on a side (or zero).
    case dimensionsRefused(format: ImageFormat, width: Int, height: Int, limit: Int)
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
        case .corrupt(let format, let detail): return "corrupt \(format.rawValue) data: \(detail)"
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
}
