// Sources/IconImages/ImageDecoder.swift - PNG with libpng, JPEG with libjpeg-turbo

import CPNG
import CTurboJPEG

/// Decodes PNG and JPEG icons into ``RGBAImage``, refusing oversize headers before decoding.
public enum ImageDecoder {
    /// Checks the header (``ImageHeader/checked(_:)``) and a JPEG's declared work (``JPEGWork``), then decodes.
    /// - Throws: ``ImageError``: unsupported format, malformed header, dimensions or work refused, corrupt data.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        let header = try ImageHeader.checked(bytes)
        switch header.format {
        case .png: return try decodePNG(bytes, header: header)
        case .jpeg: return try decodeJPEG(bytes, header: header)
        }
    }

    private static func decodePNG(_ bytes: [UInt8], header: ImageHeader) throws(ImageError) -> RGBAImage {
        var image = png_image()
        defer { png_image_free(&image) }
        let began = bytes.withUnsafeBytes { xds_png_begin(&image, $0.baseAddress, $0.count) }
        guard began != 0, xds_png_failed(&image) == 0 else { throw .corrupt(format: .png, detail: message(image)) }
        guard Int(image.width) == header.width, Int(image.height) == header.height else {
            throw .corrupt(
                format: .png,
                detail: "libpng read \(image.width)x\(image.height), the header says \(header.width)x\(header.height)")
        }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let finished = pixels.withUnsafeMutableBytes { xds_png_finish_rgba(&image, $0.baseAddress) }
        guard finished != 0, xds_png_failed(&image) == 0 else { throw .corrupt(format: .png, detail: message(image)) }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    private static func message(_ image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed" : text
    }

    /// Refuses a JPEG whose scans or blocks exceed ``ImageLimits`` (checked before any decoding).
    public static func checkJPEGWork(_ bytes: [UInt8]) throws(ImageError) {
        let work = JPEGWork.measure(bytes)
        guard work.scans <= ImageLimits.maxJPEGScans, work.blocks <= ImageLimits.maxJPEGBlocks else {
            throw .workRefused(work: work, scanLimit: ImageLimits.maxJPEGScans, blockLimit: ImageLimits.maxJPEGBlocks)
        }
    }

    private static func decodeJPEG(_ bytes: [UInt8], header: ImageHeader) throws(ImageError) -> RGBAImage {
        try checkJPEGWork(bytes)
        guard let handle = tjInitDecompress() else { throw .corrupt(format: .jpeg, detail: "tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colourspace: Int32 = 0
        var mutableBytes = bytes
        let headerStatus = mutableBytes.withUnsafeMutableBytes {
            tjDecompressHeader3(
                handle, $0.bindMemory(to: UInt8.self).baseAddress, UInt($0.count), &width, &height, &subsampling,
                &colourspace)
        }
        guard headerStatus == 0 else { throw .corrupt(format: .jpeg, detail: String(cString: tjGetErrorStr2(handle))) }
        guard Int(width) == header.width, Int(height) == header.height else {
            throw .corrupt(
                format: .jpeg,
                detail: "libjpeg-turbo read \(width)x\(height), the header says \(header.width)x\(header.height)")
        }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let status = mutableBytes.withUnsafeMutableBytes { source in
            pixels.withUnsafeMutableBytes { target in
                tjDecompress2(
                    handle, source.bindMemory(to: UInt8.self).baseAddress, UInt(source.count),
                    target.bindMemory(to: UInt8.self).baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue),
                    TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
            }
        }
        guard status == 0 else { throw .corrupt(format: .jpeg, detail: String(cString: tjGetErrorStr2(handle))) }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }
}
