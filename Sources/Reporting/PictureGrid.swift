// Sources/Reporting/PictureGrid.swift - What the results picture shows: labelled groups of rows of cells

/// One cell: a fill colour and a glyph drawn on it (never colour alone).
public struct PictureCell: Hashable, Sendable {
    /// `#rrggbb`.
    public var colour: String
    public var glyph: String
    /// Dark text on the fill (light fills), else white.
    public var darkGlyph: Bool

    public init(colour: String, glyph: String, darkGlyph: Bool = false) {
        self.colour = colour
        self.glyph = glyph
        self.darkGlyph = darkGlyph
    }
}

/// One row: a label (a case id) and a cell per column.
public struct PictureRow: Hashable, Sendable {
    public var label: String
    public var cells: [PictureCell]

    public init(label: String, cells: [PictureCell]) {
        self.label = label
        self.cells = cells
    }
}

/// Rows under one heading (an area and a hazard).
public struct PictureGroup: Hashable, Sendable {
    public var title: String
    public var rows: [PictureRow]

    public init(title: String, rows: [PictureRow]) {
        self.title = title
        self.rows = rows
    }
}

/// The whole picture: column headings, groups, and a line of text under it (what was left out, the legend).
public struct PictureGrid: Hashable, Sendable {
    public var columns: [String]
    public var groups: [PictureGroup]
    public var footer: [String]

    public init(columns: [String], groups: [PictureGroup], footer: [String]) {
        self.columns = columns
        self.groups = groups
        self.footer = footer
    }

    /// The geometry shared by the SVG and the PNG, in pixels.
    public enum Layout {
        public static let cell = 14
        public static let gap = 1
        public static let labelWidth = 360
        public static let headerHeight = 120
        public static let groupHeading = 22
        public static let footerLine = 16
        public static let margin = 8
        /// Wide enough for the footer's legend line.
        public static let minimumWidth = 1000
    }

    /// Width and height in pixels.
    public var size: (width: Int, height: Int) {
        let rows = groups.reduce(0) { $0 + $1.rows.count }
        let width = max(
            Layout.minimumWidth, Layout.margin * 2 + Layout.labelWidth + columns.count * (Layout.cell + Layout.gap))
        let height =
            Layout.margin * 2 + Layout.headerHeight + groups.count * Layout.groupHeading
            + rows * (Layout.cell + Layout.gap) + footer.count * Layout.footerLine + Layout.gap * 4
        return (width, height)
    }
}
