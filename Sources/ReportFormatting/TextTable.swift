// Sources/ReportFormatting/TextTable.swift - A plain-text table with aligned columns, for terminals

/// A table for standard output: columns padded to their widest cell (counted in characters).
public struct TextTable: Hashable, Sendable {
    /// Column titles.
    public var headers: [String]
    /// Which columns are right-aligned (numbers).
    public var rightAligned: Set<Int>
    /// Rows of cells.
    public var rows: [[String]]

    /// Creates a table.
    public init(headers: [String], rightAligned: Set<Int> = [], rows: [[String]] = []) {
        self.headers = headers
        self.rightAligned = rightAligned
        self.rows = rows
    }

    /// Appends a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table with a rule under the header, ending with a newline.
    public func render() -> String {
        let all = [headers] + rows
        let count = all.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            (0..<count).map { column -> String in
                let cell = column < cells.count ? cells[column] : ""
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingTrailingSpaces()
        }
        var lines = [line(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
