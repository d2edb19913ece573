// Sources/Reporting/PicturePNG.swift - The results picture drawn with cairo and encoded as PNG

import CCairo

/// Draws a `PictureGrid` (white background, vertical column headings, a coloured cell with its glyph per
/// result, group headings, the footer) and encodes it with cairo's PNG writer.
public enum PicturePNG {
    public static func render(_ grid: PictureGrid) throws(PicturePNGError) -> [UInt8] {
        let (width, height) = grid.size
        return try CairoPNG.draw(width: width, height: height) { context in draw(grid, on: context) }
    }

    static func draw(_ grid: PictureGrid, on context: OpaquePointer) {
        typealias L = PictureGrid.Layout
        let gridLeft = Double(L.margin + L.labelWidth)
        let step = Double(L.cell + L.gap)
        // Column headings, rotated to read upwards.
        cairo_set_font_size(context, 11)
        CairoPNG.setColour(context, "#212121")
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
            CairoPNG.setColour(context, "#212121")
            cairo_move_to(context, Double(L.margin), y + Double(L.groupHeading) - 6)
            cairo_show_text(context, group.title)
            y += Double(L.groupHeading)
            for row in group.rows {
                cairo_set_font_size(context, 10)
                CairoPNG.setColour(context, "#424242")
                cairo_move_to(context, Double(L.margin), y + Double(L.cell) - 3)
                cairo_show_text(context, fitted(row.label))
                for (index, cell) in row.cells.enumerated() {
                    let x = gridLeft + Double(index) * step
                    CairoPNG.setColour(context, cell.colour)
                    cairo_rectangle(context, x, y, Double(L.cell), Double(L.cell))
                    cairo_fill(context)
                    CairoPNG.setColour(context, cell.darkGlyph ? "#212121" : "#ffffff")
                    cairo_move_to(
                        context, x + (Double(L.cell) - CairoPNG.textWidth(context, cell.glyph)) / 2,
                        y + Double(L.cell) - 3)
                    cairo_show_text(context, cell.glyph)
                }
                y += step
            }
        }
        cairo_set_font_size(context, 11)
        CairoPNG.setColour(context, "#212121")
        y += Double(L.gap * 4)
        for line in grid.footer {
            cairo_move_to(context, Double(L.margin), y + Double(L.footerLine) - 4)
            cairo_show_text(context, line)
            y += Double(L.footerLine)
        }
    }

    /// Labels longer than the label column are cut with an ellipsis.
    static func fitted(_ label: String) -> String {
        let limit = 58
        return label.count > limit ? String(label.prefix(limit - 1)) + "…" : label
    }
}
