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
        table.matrix { border-collapse: separate; border-spacing: 0; }
        table.matrix thead th { position: sticky; top: 0; background: #fff; z-index: 1; border-bottom: 2px solid #9e9e9e; }
        table.matrix th.impl { height: 9em; width: 1.9em; padding: 0 1px; vertical-align: bottom; }
        table.matrix th.impl span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
        table.matrix td { text-align: center; color: #fff; font-weight: bold; padding: 0 2px; }
        table.matrix td a { color: #fff; text-decoration: none; display: block; }
        table.matrix td.case { text-align: left; color: inherit; font-weight: normal; max-width: 36em; overflow: hidden;
                  text-overflow: ellipsis; white-space: nowrap; }
        table.matrix td.case a { color: #1565c0; display: inline; }
        table.matrix td sup { font-size: 9px; }
        form.filters { display: flex; flex-wrap: wrap; gap: .4em 1em; align-items: center; margin: .5em 0; }
        table.scorecard td.n a { display: inline-block; min-width: 2.2em; text-align: center; border-radius: 3px;
                  text-decoration: none; }
        table.scorecard td.zero { color: #9e9e9e; }
        table.scorecard td.version { font-size: 11px; color: #616161; max-width: 22em; }
        table.scorecard thead th { position: sticky; top: 0; background: #fff; }
        .sev { color: #fff; padding: 0 4px; border-radius: 3px; }
        .s0 { background: #6a1b9a; } .s1 { background: #283593; } .s2 { background: #c62828; }
        .s3 { background: #6d4c41; } .s4 { background: #f9a825; color: #212121; } .s5 { background: #78909c; }
        th.sev { font-weight: bold; }
        div.label { font-size: 11px; color: #616161; margin-top: .3em; }
        p.lede { color: #424242; }
        div.legend { display: flex; flex-wrap: wrap; gap: 0 2em; }
        :target { outline: 3px solid #1565c0; }
        .swatch { display: inline-block; min-width: 1.4em; text-align: center; color: #fff; border-radius: 3px;
                  margin-right: 2px; font-weight: bold; }
        ul.legend { list-style: none; padding: 0; }
        ul.legend li { margin: 2px 0; }
        .level { color: #757575; font-size: 11px; }
        details.group { margin: 2px 0; }
        details.group > summary { cursor: pointer; padding: 2px 0; }
        article.vector { border-top: 1px solid #bdbdbd; margin-top: 1em; }
        p.exercises { font-weight: bold; }
        div.result { margin-left: 1em; }
        table.requirements td.verdict { white-space: nowrap; }
        table.requirements td.verdict a { text-decoration: none; }
        a.clause { font-size: 11px; }
        div.icons { display: flex; flex-wrap: wrap; gap: 1em; margin: .5em 0 .5em 1em; }
        div.icons figure { margin: 0; text-align: center; font-size: 11px; }
        div.icons img, div.icons .no-icon { width: 174px; height: 174px; image-rendering: pixelated; display: block;
                  background: repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
        div.icons .no-icon { line-height: 174px; color: #757575; }
        """
}
