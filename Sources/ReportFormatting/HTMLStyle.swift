// Sources/ReportFormatting/HTMLStyle.swift - The one inline style sheet of the HTML reports

/// CSS shared by the HTML reports; inline so a report is one self-contained file.
public enum HTMLStyle {
    /// The style sheet.
    public static let sheet = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #212121; }
        code, pre { font: 12px/1.35 ui-monospace, monospace; }
        pre { background: #f5f5f5; padding: .5em; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid #e0e0e0; padding: 2px 6px; text-align: left; vertical-align: top; }
        td.n { text-align: right; }
        table.matrix { table-layout: fixed; width: 100%; }
        table.matrix col.case { width: 34em; }
        table.matrix td.cell { text-align: center; color: #fff; font-weight: bold; }
        table.matrix td.cell a { color: #fff; text-decoration: none; display: block; }
        table.matrix td.case { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        table.head th.impl { writing-mode: vertical-rl; transform: rotate(180deg); height: 12em; text-align: left; }
        .swatch { display: inline-block; min-width: 1.4em; text-align: center; color: #fff; border-radius: 3px;
                  margin-right: 2px; font-weight: bold; }
        ul.legend { list-style: none; padding: 0; }
        ul.legend li { margin: 2px 0; }
        .level { color: #757575; font-size: 11px; }
        details.group { margin: 2px 0; }
        details.group > summary { cursor: pointer; padding: 2px 0; }
        article.vector { border-top: 1px solid #bdbdbd; margin-top: 1em; }
        div.result { margin-left: 1em; }
        """
}
