// Sources/IconImages/PNGEncoder.swift - RGBA to PNG with libpng (test images, vector sources)

import CPNG

/// Encodes an ``RGBAImage`` as PNG with libpng's simplified API.
public enum PNGEncoder {
    /// The PNG bytes, or nil when libpng fails (only on exhausted memory).
    public static func encode(_ image: RGBAImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else {
            return nil
        }
        var length: png_alloc_size_t = 0
        let sized = image.pixels.withUnsafeBytes {
            xds_png_write_rgba(UInt32(image.width), UInt32(image.height), $0.baseAddress, nil, &length)
        }
        guard sized != 0, length > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: Int(length))
        let written = image.pixels.withUnsafeBytes { pixels in
            output.withUnsafeMutableBytes {
                xds_png_write_rgba(
                    UInt32(image.width), UInt32(image.height), pixels.baseAddress, $0.baseAddress, &length)
            }
        }
        guard written != 0 else { return nil }
        return Array(output.prefix(Int(length)))
    }
}
