// Sources/IconLoading/Mask/IconMasker.swift - roundedImage:withSize:scale: with cairo

import CCairo
import IconImages

/// Why the mask could not be rendered or written.
public enum MaskError: Error, Hashable, Sendable, CustomStringConvertible {
    /// cairo reported an error status (its message).
    case cairo(String)
    /// The scale is outside ``IconMasker/scales``.
    case invalidScale(Int)

    public var description: String {
        switch self {
        case .cairo(let message): return "cairo: \(message)"
        case .invalidScale(let scale): return "scale \(scale) is outside \(IconMasker.scales)"
        }
    }
}

/// Renders an icon as the original `roundedImage:withSize:scale:` does: a 29×29-point canvas
/// at `scale` (29·S pixels); clip to the rounded rectangle with radius round(0.225 × 29) = 7
/// points; draw the image stretched into the whole rectangle; stroke the same outline with
/// black at 10 % alpha, 1 point wide (half of it is inside the clip, so half shows).
public struct IconMasker: Hashable, Sendable {
    /// The slot, in points.
    public static let sizeInPoints = 29.0
    /// round(0.225 × 29) = round(6.525) = 7 points.
    public static let cornerRadius = (0.225 * sizeInPoints).rounded()
    /// The stroke: black at this alpha, `strokeWidth` points wide.
    public static let strokeAlpha = 0.1
    public static let strokeWidth = 1.0
    /// Scales accepted (1, 2, 3 on devices; larger ones for zoomed views, bounded for memory).
    public static let scales: ClosedRange<Int> = 1...16

    public var scale: Int
    public var corners: CornerStyle

    public init(scale: Int, corners: CornerStyle = .continuous) {
        self.scale = scale
        self.corners = corners
    }

    /// The canvas side in pixels: 29·S.
    public var pixelSize: Int { Int(Self.sizeInPoints) * scale }

    /// Renders `image` into the masked icon (non-premultiplied RGBA).
    public func render(_ image: RGBAImage) throws(MaskError) -> RGBAImage {
        let surface = try draw(image)
        defer { cairo_surface_destroy(surface) }
        return unpremultiplied(surface)
    }

    /// Renders `image` and encodes the result as PNG (cairo's PNG writer, libpng underneath).
    public func renderPNG(_ image: RGBAImage) throws(MaskError) -> [UInt8] {
        let surface = try draw(image)
        defer { cairo_surface_destroy(surface) }
        let sink = PNGSink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private func draw(_ image: RGBAImage) throws(MaskError) -> OpaquePointer {
        guard Self.scales.contains(scale) else { throw .invalidScale(scale) }
        guard let canvas = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelSize), Int32(pixelSize)) else {
            throw .cairo("cannot create the canvas")
        }
        let source = try premultipliedSurface(image)
        defer { cairo_surface_destroy(source) }
        guard let context = cairo_create(canvas) else {
            cairo_surface_destroy(canvas)
            throw .cairo("cannot create a context")
        }
        defer { cairo_destroy(context) }
        let side = Self.sizeInPoints
        let outline = RoundedRectangle.outline(width: side, height: side, radius: Self.cornerRadius, style: corners)
        cairo_scale(context, Double(scale), Double(scale))
        // [path addClip]
        trace(outline, in: context)
        cairo_clip(context)
        // [image drawInRect:rect] — stretched to the whole rectangle.
        cairo_save(context)
        cairo_scale(context, side / Double(image.width), side / Double(image.height))
        cairo_set_source_surface(context, source, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint(context)
        cairo_restore(context)
        // [[UIColor colorWithWhite:0 alpha:0.1] setStroke]; [path stroke]
        trace(outline, in: context)
        cairo_set_source_rgba(context, 0, 0, 0, Self.strokeAlpha)
        cairo_set_line_width(context, Self.strokeWidth)
        cairo_stroke(context)
        cairo_surface_flush(canvas)
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(canvas)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        return canvas
    }

    private func trace(_ outline: Outline, in context: OpaquePointer) {
        cairo_new_path(context)
        cairo_move_to(context, outline.start.x, outline.start.y)
        for segment in outline.segments {
            switch segment {
            case .line(let to): cairo_line_to(context, to.x, to.y)
            case .curve(let to, let c1, let c2): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, to.x, to.y)
            }
        }
        cairo_close_path(context)
    }

    /// The image as a cairo ARGB32 surface (premultiplied, native-endian 32-bit words).
    private func premultipliedSurface(_ image: RGBAImage) throws(MaskError) -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { throw .cairo("cannot create a \(image.width)x\(image.height) source surface") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: image.width)
            for x in 0..<image.width {
                let pixel = image.pixel(x, y)
                let alpha = UInt32(pixel.a)
                func premultiply(_ channel: UInt8) -> UInt32 { (UInt32(channel) * alpha + 127) / 255 }
                row[x] = alpha << 24 | premultiply(pixel.r) << 16 | premultiply(pixel.g) << 8 | premultiply(pixel.b)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private func unpremultiplied(_ surface: OpaquePointer) -> RGBAImage {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var result = RGBAImage(width: width, height: height, filledWith: Pixel(r: 0, g: 0, b: 0, a: 0))
        guard let data = cairo_image_surface_get_data(surface) else { return result }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
            for x in 0..<width {
                let word = row[x]
                let alpha = word >> 24
                func channel(_ shift: UInt32) -> UInt8 {
                    guard alpha > 0 else { return 0 }
                    return UInt8(min(255, (((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha))
                }
                result.set(x, y, Pixel(r: channel(16), g: channel(8), b: channel(0), a: UInt8(alpha)))
            }
        }
        return result
    }
}

/// Collects cairo's PNG output.
private final class PNGSink {
    var bytes: [UInt8] = []
}
