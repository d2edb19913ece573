// Sources/IconLoading/Mask/CornerStyle.swift - The two rounded-rectangle outlines and their geometry

/// The outline of the rounded rectangle the icon is clipped to.
public enum CornerStyle: String, CaseIterable, Hashable, Sendable {
    /// iOS 7 and later: `bezierPathWithRoundedRect:cornerRadius:` draws "continuous" corners.
    case continuous
    /// Quarter circles of the corner radius (iOS 6 and earlier, `CGPathAddRoundedRect`).
    case circular
}

/// A closed outline in points: a start, then lines and cubic Béziers.
public struct Outline: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case line(to: Point)
        case curve(to: Point, control1: Point, control2: Point)
    }

    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public var start: Point
    public var segments: [Segment]
}

/// The rounded rectangle of an app icon.
public enum RoundedRectangle {
    /// Corner extent of a continuous corner, in radii: the curve leaves each edge this far from
    /// the corner (a circular corner leaves it at 1).
    static let continuousExtent = 1.52866483

    /// The outline of `width × height` points with `radius`, clockwise from the top edge.
    public static func outline(width: Double, height: Double, radius: Double, style: CornerStyle) -> Outline {
        switch style {
        case .circular: return circular(width: width, height: height, radius: min(radius, min(width, height) / 2))
        case .continuous:
            let limit = min(width, height) / 2 / continuousExtent
            return continuous(width: width, height: height, radius: min(radius, limit))
        }
    }

    /// One continuous corner in corner-local units of the radius: `along` is the distance from the
    /// corner along the edge being left, `inward` the distance from that edge. These are the
    /// points of the path iOS 7's `UIBezierPath` returns for a rounded rectangle, measured from
    /// its output (the published reconstructions agree to 8 digits): a line along the edge ends
    /// at 1.52866 r; a cubic to (0.66993, 0.06550); a short line; a cubic through the diagonal;
    /// and the mirror image onto the next edge. Curvature rises continuously from 0 at the edge
    /// instead of jumping to 1/r, which is what makes the shape look like the home-screen icon.
    static let continuousCorner: [(to: (Double, Double), control1: (Double, Double)?, control2: (Double, Double)?)] = [
        ((0.66993427, 0.06549600), (1.08849323, 0.00000000), (0.86840689, 0.00000000)),
        ((0.63149399, 0.07491100), nil, nil),
        ((0.07491176, 0.63149399), (0.37282392, 0.16905899), (0.16906013, 0.37282401)),
        ((0.00000000, 1.52866483), (0.00000000, 0.86840701), (0.00000000, 1.08849299)),
    ]

    private static func continuous(width: Double, height: Double, radius r: Double) -> Outline {
        // Each corner maps its local (along, inward) units into the rectangle. The path runs
        // clockwise in y-down coordinates: top edge, top right, right edge, bottom right, …; at
        // each corner `along` is measured on the edge arriving at it and `inward` on the edge
        // leaving it.
        typealias P = Outline.Point
        let corners: [(Double, Double) -> P] = [
            { P(x: width - $0 * r, y: $1 * r) },  // top right
            { P(x: width - $1 * r, y: height - $0 * r) },  // bottom right
            { P(x: $0 * r, y: height - $1 * r) },  // bottom left
            { P(x: $1 * r, y: $0 * r) },  // top left
        ]
        var segments: [Outline.Segment] = []
        for map in corners {
            segments.append(.line(to: map(continuousExtent, 0)))
            for piece in continuousCorner {
                if let c1 = piece.control1, let c2 = piece.control2 {
                    segments.append(
                        .curve(to: map(piece.to.0, piece.to.1), control1: map(c1.0, c1.1), control2: map(c2.0, c2.1)))
                } else {
                    segments.append(.line(to: map(piece.to.0, piece.to.1)))
                }
            }
        }
        return Outline(start: corners[3](0, continuousExtent), segments: segments)
    }

    private static func circular(width: Double, height: Double, radius r: Double) -> Outline {
        // A quarter circle as one cubic with the usual 0.5523 handle (error < 0.03 % of r).
        let k = 0.5522847498 * r
        typealias P = Outline.Point
        return Outline(
            start: P(x: r, y: 0),
            segments: [
                .line(to: P(x: width - r, y: 0)),
                .curve(to: P(x: width, y: r), control1: P(x: width - r + k, y: 0), control2: P(x: width, y: r - k)),
                .line(to: P(x: width, y: height - r)),
                .curve(
                    to: P(x: width - r, y: height), control1: P(x: width, y: height - r + k),
                    control2: P(x: width - r + k, y: height)),
                .line(to: P(x: r, y: height)),
                .curve(
                    to: P(x: 0, y: height - r), control1: P(x: r - k, y: height), control2: P(x: 0, y: height - r + k)),
                .line(to: P(x: 0, y: r)),
                .curve(to: P(x: r, y: 0), control1: P(x: 0, y: r - k), control2: P(x: r - k, y: 0)),
            ])
    }
}
