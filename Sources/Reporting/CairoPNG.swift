// Sources/Reporting/CairoPNG.swift - What every picture drawn here shares: a cairo surface, colours, PNG

import CCairo

/// Why a picture could not be drawn.
public enum PicturePNGError: Error, Hashable, Sendable, CustomStringConvertible {
    case cairo(String)

    public var description: String {
        switch self {
        case .cairo(let message): return "cairo: \(message)"
        }
    }
}

/// The cairo calls every picture of this module makes the same way: a white RGB surface with its context,
/// a `#rrggbb` colour as the source, and the surface encoded with cairo's PNG writer.
enum CairoPNG {
    /// Creates a white `width` × `height` surface, lets `draw` paint on its context, and returns the PNG.
    static func draw(
        width: Int, height: Int, _ draw: (OpaquePointer) throws(PicturePNGError) -> Void
    ) throws(PicturePNGError) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .cairo("cannot create the surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw .cairo("cannot create the context") }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        try draw(context)
        cairo_surface_flush(surface)
        return try encode(surface)
    }

    /// Sets `#rrggbb` as the source colour.
    static func setColour(_ context: OpaquePointer, _ hex: String) {
        let value = UInt32(hex.dropFirst(), radix: 16) ?? 0
        cairo_set_source_rgb(
            context, Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    /// The advance width of `text` in the context's current font.
    static func textWidth(_ context: OpaquePointer, _ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }

    static func encode(_ surface: OpaquePointer) throws(PicturePNGError) -> [UInt8] {
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return withExtendedLifetime(sink) { sink.bytes }
    }
}
