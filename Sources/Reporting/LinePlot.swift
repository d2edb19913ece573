// Sources/Reporting/LinePlot.swift - What a line plot shows: series of points on linear or log axes

/// A plot of one line with markers per series (`bench.png`: time against input size on log-log axes;
/// `fuzz-coverage-time.png`: edges against seconds).
public struct LinePlot: Hashable, Sendable {
    /// How an axis maps values to positions.
    public enum Scale: Hashable, Sendable {
        case linear
        /// Base 10; values at or below zero cannot be placed and are left out.
        case logarithmic
    }

    /// A labelled position on an axis.
    public struct Tick: Hashable, Sendable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// One axis: its title (with the unit), scale and ticks; its range covers the ticks and the data.
    public struct Axis: Hashable, Sendable {
        public var title: String
        public var scale: Scale
        public var ticks: [Tick]

        public init(title: String, scale: Scale, ticks: [Tick]) {
            self.title = title
            self.scale = scale
            self.ticks = ticks
        }
    }

    /// One point.
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// One line: its legend name and its points, drawn in the given order.
    public struct Series: Hashable, Sendable {
        public var name: String
        public var points: [Point]

        public init(name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    public var title: String
    public var x: Axis
    public var y: Axis
    public var series: [Series]
    /// Lines of text under the plot (what was measured, what was left out).
    public var footer: [String]

    public init(title: String, x: Axis, y: Axis, series: [Series], footer: [String] = []) {
        self.title = title
        self.x = x
        self.y = y
        self.series = series
        self.footer = footer
    }

    /// The marker shapes, one per series in order with `palette`, so no series is told apart by colour alone.
    public enum Marker: CaseIterable, Hashable, Sendable {
        case circle, square, triangleUp, diamond, triangleDown, cross, plus, star, ring, openSquare
    }

    /// The Okabe–Ito colours (safe for the common colour-vision deficiencies) with grey in place of their yellow,
    /// too light on white, then Tol's wine and teal: ten, as many as the marker shapes, so ten series (the fuzz
    /// targets are nine) never share a colour and a shape.
    public static let palette = [
        "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#7F7F7F", "#882255",
        "#44AA99",
    ]

    /// The colour and marker of the series at `index`.
    public static func style(_ index: Int) -> (colour: String, marker: Marker) {
        (palette[index % palette.count], Marker.allCases[index % Marker.allCases.count])
    }

    /// Ticks at every power of ten from below `low` to above `high` (both above zero), labelled by `label`.
    public static func decadeTicks(from low: Double, to high: Double, label: (Double) -> String) -> [Tick] {
        guard low > 0, high >= low else { return [] }
        var value = 1.0
        while value > low { value /= 10 }
        while value * 10 <= low { value *= 10 }
        var ticks: [Tick] = []
        while true {
            ticks.append(Tick(value: value, label: label(value)))
            if value >= high { break }
            value *= 10
        }
        return ticks
    }

    /// Four to eight ticks from at most `low` to at least `high`, at a step of 1, 2 or 5 times a power of ten.
    public static func linearTicks(from low: Double = 0, to high: Double, label: (Double) -> String) -> [Tick] {
        let span = high - low
        guard span > 0, span.isFinite else { return [Tick(value: low, label: label(low))] }
        var magnitude = 1.0
        while magnitude * 10 <= span / 5 { magnitude *= 10 }
        while magnitude > span / 5 { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { span / $0 <= 7 } ?? magnitude * 10
        var value = (low / step).rounded(.down) * step
        var ticks: [Tick] = []
        while true {
            ticks.append(Tick(value: value, label: label(value)))
            if value >= high { break }
            value += step
        }
        return ticks
    }

    /// Width and height in pixels.
    public enum Layout {
        public static let width = 960
        public static let plotHeight = 460
        public static let left = 96
        public static let top = 44
        public static let legendWidth = 230
        public static let bottom = 64
        public static let footerLine = 16
        public static let margin = 12
        /// Characters of footer text on one line: 11-point text is at most about 6.4 pixels a character.
        public static let footerCharacters = 145
    }

    /// The footer as drawn: each line wrapped at spaces to `Layout.footerCharacters`, so none runs off the image.
    public var footerLines: [String] {
        footer.flatMap { line -> [String] in
            var lines: [String] = []
            var current = ""
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                if !current.isEmpty && current.count + 1 + word.count > Layout.footerCharacters {
                    lines.append(current)
                    current = String(word)
                } else {
                    current += (current.isEmpty ? "" : " ") + word
                }
            }
            return lines + [current]
        }
    }

    /// Width and height in pixels.
    public var size: (width: Int, height: Int) {
        (
            Layout.width,
            Layout.top + Layout.plotHeight + Layout.bottom + footerLines.count * Layout.footerLine + Layout.margin
        )
    }
}
