// Sources/Reporting/LinePlotPNG.swift - A line plot drawn with cairo and encoded as PNG

import CCairo
import Glibc

/// Draws a `LinePlot`: title, grid lines at the ticks, tick labels, axis titles, each series as a line with
/// markers on it (colour and shape from `LinePlot.style`), the legend to the right, the footer.
public enum LinePlotPNG {
    public static func render(_ plot: LinePlot) throws(PicturePNGError) -> [UInt8] {
        let (width, height) = plot.size
        return try CairoPNG.draw(width: width, height: height) { context in draw(plot, on: context) }
    }

    /// Maps values of one axis to pixel positions between `start` and `end`.
    struct Mapping {
        var scale: LinePlot.Scale
        var low: Double
        var high: Double
        var start: Double
        var end: Double

        init(_ axis: LinePlot.Axis, values: [Double], start: Double, end: Double) {
            let placed = (axis.ticks.map(\.value) + values).filter { axis.scale == .linear || $0 > 0 }
            scale = axis.scale
            low = placed.min() ?? (axis.scale == .linear ? 0 : 1)
            high = placed.max() ?? low
            if high <= low { high = axis.scale == .linear ? low + 1 : low * 10 }
            self.start = start
            self.end = end
        }

        func canPlace(_ value: Double) -> Bool { value.isFinite && (scale == .linear || value > 0) }

        func position(_ value: Double) -> Double {
            let fraction: Double
            switch scale {
            case .linear: fraction = (value - low) / (high - low)
            case .logarithmic: fraction = (log10(value) - log10(low)) / (log10(high) - log10(low))
            }
            return start + fraction * (end - start)
        }
    }

    static func draw(_ plot: LinePlot, on context: OpaquePointer) {
        typealias L = LinePlot.Layout
        let left = Double(L.left)
        let right = Double(L.width - L.legendWidth)
        let top = Double(L.top)
        let bottom = Double(L.top + L.plotHeight)
        let points = plot.series.flatMap(\.points)
        let x = Mapping(plot.x, values: points.map(\.x), start: left, end: right)
        let y = Mapping(plot.y, values: points.map(\.y), start: bottom, end: top)

        cairo_set_font_size(context, 15)
        CairoPNG.setColour(context, "#212121")
        cairo_move_to(context, left, top - 16)
        cairo_show_text(context, plot.title)

        // Grid lines and tick labels.
        cairo_set_line_width(context, 1)
        cairo_set_font_size(context, 11)
        for tick in plot.x.ticks where x.canPlace(tick.value) {
            let position = x.position(tick.value).rounded() + 0.5
            CairoPNG.setColour(context, "#e0e0e0")
            cairo_move_to(context, position, top)
            cairo_line_to(context, position, bottom)
            cairo_stroke(context)
            CairoPNG.setColour(context, "#424242")
            cairo_move_to(context, position - CairoPNG.textWidth(context, tick.label) / 2, bottom + 18)
            cairo_show_text(context, tick.label)
        }
        for tick in plot.y.ticks where y.canPlace(tick.value) {
            let position = y.position(tick.value).rounded() + 0.5
            CairoPNG.setColour(context, "#e0e0e0")
            cairo_move_to(context, left, position)
            cairo_line_to(context, right, position)
            cairo_stroke(context)
            CairoPNG.setColour(context, "#424242")
            cairo_move_to(context, left - 8 - CairoPNG.textWidth(context, tick.label), position + 4)
            cairo_show_text(context, tick.label)
        }
        CairoPNG.setColour(context, "#212121")
        cairo_rectangle(context, left + 0.5, top + 0.5, right - left, bottom - top)
        cairo_stroke(context)

        // Axis titles: x centred under the ticks, y rotated to read upwards.
        cairo_set_font_size(context, 13)
        cairo_move_to(context, (left + right - CairoPNG.textWidth(context, plot.x.title)) / 2, bottom + 44)
        cairo_show_text(context, plot.x.title)
        cairo_save(context)
        cairo_move_to(context, 22, (top + bottom + CairoPNG.textWidth(context, plot.y.title)) / 2)
        cairo_rotate(context, -Double.pi / 2)
        cairo_show_text(context, plot.y.title)
        cairo_restore(context)

        // The series, clipped to the plot area.
        cairo_save(context)
        // (widened by a marker's size, so a marker on the edge is drawn whole).
        cairo_rectangle(context, left - 8, top - 8, right - left + 16, bottom - top + 16)
        cairo_clip(context)
        for (index, series) in plot.series.enumerated() {
            let style = LinePlot.style(index)
            let placed = series.points.filter { x.canPlace($0.x) && y.canPlace($0.y) }
                .map { (x.position($0.x), y.position($0.y)) }
            CairoPNG.setColour(context, style.colour)
            cairo_set_line_width(context, 2)
            for (number, point) in placed.enumerated() {
                if number == 0 {
                    cairo_move_to(context, point.0, point.1)
                } else {
                    cairo_line_to(context, point.0, point.1)
                }
            }
            cairo_stroke(context)
            // Many points (a coverage curve) get a marker at about every eighth and the last: one at each would
            // merge into a band.
            let every = max(1, (placed.count + 7) / 8)
            for (number, point) in placed.enumerated() where number % every == 0 || number == placed.count - 1 {
                marker(style.marker, at: point.0, point.1, on: context)
            }
        }
        cairo_restore(context)

        // The legend: a short line with the marker, then the name.
        cairo_set_font_size(context, 12)
        for (index, series) in plot.series.enumerated() {
            let style = LinePlot.style(index)
            let row = top + 14 + Double(index) * 24
            CairoPNG.setColour(context, style.colour)
            cairo_set_line_width(context, 2)
            cairo_move_to(context, right + 16, row)
            cairo_line_to(context, right + 44, row)
            cairo_stroke(context)
            marker(style.marker, at: right + 30, row, on: context)
            CairoPNG.setColour(context, "#212121")
            cairo_move_to(context, right + 52, row + 4)
            cairo_show_text(context, series.name)
        }

        cairo_set_font_size(context, 11)
        CairoPNG.setColour(context, "#424242")
        for (index, line) in plot.footerLines.enumerated() {
            cairo_move_to(context, Double(L.margin), bottom + Double(L.bottom) + Double((index + 1) * L.footerLine) - 4)
            cairo_show_text(context, line)
        }
    }

    /// Draws one marker centred on (x, y) in the current colour; filled shapes, except the cross, the plus and the
    /// two open ones.
    static func marker(_ shape: LinePlot.Marker, at x: Double, _ y: Double, on context: OpaquePointer) {
        let r = 5.0
        cairo_set_line_width(context, 2)
        switch shape {
        case .circle:
            cairo_new_sub_path(context)
            cairo_arc(context, x, y, r, 0, 2 * Double.pi)
            cairo_fill(context)
        case .square:
            cairo_rectangle(context, x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7)
            cairo_fill(context)
        case .triangleUp, .triangleDown:
            let sign = shape == .triangleUp ? 1.0 : -1.0
            cairo_move_to(context, x, y - sign * r * 1.15)
            cairo_line_to(context, x + r * 1.1, y + sign * r * 0.75)
            cairo_line_to(context, x - r * 1.1, y + sign * r * 0.75)
            cairo_close_path(context)
            cairo_fill(context)
        case .diamond:
            cairo_move_to(context, x, y - r * 1.25)
            cairo_line_to(context, x + r, y)
            cairo_line_to(context, x, y + r * 1.25)
            cairo_line_to(context, x - r, y)
            cairo_close_path(context)
            cairo_fill(context)
        case .cross:
            cairo_move_to(context, x - r, y - r)
            cairo_line_to(context, x + r, y + r)
            cairo_move_to(context, x + r, y - r)
            cairo_line_to(context, x - r, y + r)
            cairo_stroke(context)
        case .star:
            for corner in 0..<10 {
                let angle = Double(corner) * Double.pi / 5 - Double.pi / 2
                let radius = corner % 2 == 0 ? r * 1.3 : r * 0.55
                let point = (x + radius * cos(angle), y + radius * sin(angle))
                if corner == 0 {
                    cairo_move_to(context, point.0, point.1)
                } else {
                    cairo_line_to(context, point.0, point.1)
                }
            }
            cairo_close_path(context)
            cairo_fill(context)
        case .ring:
            cairo_new_sub_path(context)
            cairo_arc(context, x, y, r, 0, 2 * Double.pi)
            cairo_stroke(context)
        case .openSquare:
            cairo_rectangle(context, x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7)
            cairo_stroke(context)
        case .plus:
            cairo_move_to(context, x - r * 1.2, y)
            cairo_line_to(context, x + r * 1.2, y)
            cairo_move_to(context, x, y - r * 1.2)
            cairo_line_to(context, x, y + r * 1.2)
            cairo_stroke(context)
        }
    }
}
