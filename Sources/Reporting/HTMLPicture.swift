// Sources/Reporting/HTMLPicture.swift - The results picture as inline SVG (the PNG is ResultsPicture's)

import ReportFormatting

/// The SVG twin of `Reports/matrix.png`: the same grid and geometry; each cell a `<use>` of its outcome's
/// symbol (colour and glyph), which keeps a picture of thousands of cells small.
enum HTMLPicture {
    static func render(_ grid: PictureGrid) -> String {
        typealias L = PictureGrid.Layout
        let (width, height) = grid.size
        var symbols: [PictureCell] = []
        for group in grid.groups {
            for row in group.rows {
                for cell in row.cells where !symbols.contains(cell) { symbols.append(cell) }
            }
        }
        var out = "<section id=\"picture\">\n<h2>Results picture</h2>\n"
        out += "<p>Only the cases where implementations differ, grouped by area and hazard (the same picture is "
        out += "<code>matrix.png</code>).</p>\n"
        out += "<svg width=\"\(width)\" height=\"\(height)\" "
        out += "viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans, sans-serif\" role=\"img\">\n<defs>\n"
        for (index, cell) in symbols.enumerated() {
            out += "<g id=\"p\(index)\"><rect width=\"\(L.cell)\" height=\"\(L.cell)\" fill=\"\(cell.colour)\"/>"
            out += "<text x=\"\(L.cell / 2)\" y=\"\(L.cell - 3)\" font-size=\"10\" text-anchor=\"middle\" "
            out += "fill=\"\(cell.darkGlyph ? "#212121" : "#fff")\">\(Escaping.html(cell.glyph))</text></g>\n"
        }
        out += "</defs>\n"
        let gridLeft = L.margin + L.labelWidth
        let step = L.cell + L.gap
        for (index, title) in grid.columns.enumerated() {
            let x = gridLeft + index * step + L.cell * 3 / 4
            out += "<text font-size=\"11\" transform=\"translate(\(x),\(L.margin + L.headerHeight - 4)) rotate(-90)\">"
            out += "\(Escaping.html(title))</text>\n"
        }
        var y = L.margin + L.headerHeight
        for group in grid.groups {
            out += "<text x=\"\(L.margin)\" y=\"\(y + L.groupHeading - 6)\" font-size=\"12\" font-weight=\"bold\">"
            out += "\(Escaping.html(group.title))</text>\n"
            y += L.groupHeading
            for row in group.rows {
                out +=
                    "<g transform=\"translate(0,\(y))\"><text x=\"\(L.margin)\" y=\"\(L.cell - 3)\" font-size=\"10\">"
                out += "\(Escaping.html(row.label))</text>"
                for (index, cell) in row.cells.enumerated() {
                    out += "<use href=\"#p\(symbols.firstIndex(of: cell) ?? 0)\" x=\"\(gridLeft + index * step)\"/>"
                }
                out += "</g>\n"
                y += step
            }
        }
        y += L.gap * 4
        for line in grid.footer {
            out +=
                "<text x=\"\(L.margin)\" y=\"\(y + L.footerLine - 4)\" font-size=\"11\">\(Escaping.html(line))</text>\n"
            y += L.footerLine
        }
        return out + "</svg>\n</section>\n"
    }
}
