// Sources/ReportFormatting/MarkdownTable.swift - A GitHub-flavoured Markdown table, cells escaped

/// A Markdown table that any report (conformance, filesystems, fuzz, bench) can render.
public struct MarkdownTable: Hashable, Sendable {
    /// Column alignment.
    public enum Alignment: Hashable, Sendable {
        case left, right, center
    }

    /// Column titles.
    public var headers: [String]
    /// One alignment per column (missing ones are left-aligned).
    public var alignments: [Alignment]
    /// Rows of cells; short rows are padded with empty cells.
    public var rows: [[String]]
    /// Columns whose cells are Markdown already (links whose text the caller escaped with `cell`): kept as given.
    public var markdownColumns: Set<Int> = []

    /// Creates a table.
    public init(headers: [String], alignments: [Alignment] = [], rows: [[String]] = []) {
        self.headers = headers
        self.alignments = alignments
        self.rows = rows
    }

    /// Appends a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table, one line per row, ending with a newline.
    public func render() -> String {
        let width = headers.count
        var lines = [line(headers, width: width)]
        let rules = (0..<width).map { index -> String in
            switch index < alignments.count ? alignments[index] : .left {
            case .left: return "---"
            case .right: return "---:"
            case .center: return ":---:"
            }
        }
        lines.append("| " + rules.joined(separator: " | ") + " |")
        for row in rows { lines.append(line(row, width: width)) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String], width: Int) -> String {
        let padded = (0..<width).map {
            $0 < cells.count ? (markdownColumns.contains($0) ? cells[$0] : Self.cell(cells[$0])) : ""
        }
        return "| " + padded.joined(separator: " | ") + " |"
    }

    /// `text` as one CommonMark code span that nothing in it can end: the fence is one backtick longer
    /// than the longest run of backticks inside, a space pads text that starts or ends with a backtick
    /// (or a space), and line breaks and control characters are spelled by the one rule (`\x0A`) so the span, and the
    /// heading or line it is in, stay on one line. Inside a code span `<` and `&` are literal text.
    public static func codeSpan(_ text: String) -> String {
        let content = TerminalText.spellingControls(text)
        var longest = 0
        var run = 0
        for character in content {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad =
            content.hasPrefix("`") || content.hasSuffix("`") || content.hasPrefix(" ") || content.hasSuffix(" ")
            ? " " : ""
        return fence + pad + content + pad + fence
    }

    /// `text` safe inside one table cell: pipes, backslashes, Markdown punctuation and `<` escaped,
    /// line breaks shown as `↵`, control characters spelled by the one rule (`\xNN`).
    public static func cell(_ text: String) -> String {
        var result = ""
        for scalar in TerminalText.spellingControls(text, keepingLineBreaks: true).unicodeScalars {
            switch scalar {
            case "\n": result += "↵"
            case "\r", "\t": result += " "
            case "|", "\\", "`", "*", "_", "[", "]", "#": result += "\\" + String(scalar)
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
