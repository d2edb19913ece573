// Sources/ResultsPicture/PicturePNG.swift - The results picture drawn with cairo and encoded as PNG

import CCairo

/// Why the picture could not be drawn.
public enum PicturePNGError: Error, Hashable, Sendable, CustomStringConvertible {
    case cairo(String)

    public var description: String {
        switch self {
        case .cairo(let message): return "cairo: \(message)"
        }
    }
}

/// Draws a `PictureGrid` (white background, vertical column headings, a coloured cell with its glyph per
/// result, group headings, the footer) and encodes it with cairo's PNG writer.
public enum PicturePNG {
    public static func render(_ grid: PictureGrid) throws(PicturePNGError) -> [UInt8] {
        typealias L = PictureGrid.Layout
        let (width, height) = grid.size
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .cairo("cannot create the surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw .cairo("cannot create the context") }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        let gridLeft = Double(L.margin + L.labelWidth)
        let step = Double(L.cell + L.gap)
        // Column headings, rotated to read upwards.
        cairo_set_font_size(context, 11)
        setColour(context, "#212121")
        for (index, title) in grid.columns.enumerated() {
            cairo_save(context)
            cairo_move_to(
                context, gridLeft + Double(index) * step + Double(L.cell) * 0.75, Double(L.margin + L.headerHeight - 4))
            cairo_rotate(context, -Double.pi / 2)
            cairo_show_text(context, title)
            cairo_restore(context)
        }
        var y = Double(L.margin + L.headerHeight)
        for group in grid.groups {
            cairo_set_font_size(context, 12)
            setColour(context, "#212121")
            cairo_move_to(context, Double(L.margin), y + Double(L.groupHeading) - 6)
            cairo_show_text(context, group.title)
            y += Double(L.groupHeading)
            for row in group.rows {
                cairo_set_font_size(context, 10)
                setColour(context, "#424242")
                cairo_move_to(context, Double(L.margin), y + Double(L.cell) - 3)
                cairo_show_text(context, fitted(row.label))
                for (index, cell) in row.cells.enumerated() {
                    let x = gridLeft + Double(index) * step
                    setColour(context, cell.colour)
                    cairo_rectangle(context, x, y, Double(L.cell), Double(L.cell))
                    cairo_fill(context)
                    setColour(context, cell.darkGlyph ? "#212121" : "#ffffff")
                    var extents = cairo_text_extents_t()
                    cairo_text_extents(context, cell.glyph, &extents)
                    cairo_move_to(
                        context, x + (Double(L.cell) - extents.x_advance) / 2, y + Double(L.cell) - 3)
                    cairo_show_text(context, cell.glyph)
                }
                y += step
            }
        }
        cairo_set_font_size(context, 11)
        setColour(context, "#212121")
        y += Double(L.gap * 4)
        for line in grid.footer {
            cairo_move_to(context, Double(L.margin), y + Double(L.footerLine) - 4)
            cairo_show_text(context, line)
            y += Double(L.footerLine)
        }
        cairo_surface_flush(surface)
        return try encode(surface)
    }

    /// Labels longer than the label column are cut with an ellipsis.
    static func fitted(_ label: String) -> String {
        let limit = 58
        return label.count > limit ? String(label.prefix(limit - 1)) + "…" : label
    }

    static func setColour(_ context: OpaquePointer, _ hex: String) {
        let value = UInt32(hex.dropFirst(), radix: 16) ?? 0
        cairo_set_source_rgb(
            context, Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255)
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
