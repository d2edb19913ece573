// Sources/ConformanceRunner/EscapedText.swift - An adapter's output bytes as report text

import ReportFormatting

/// Renders bytes for a report by the one escaping rule (`TerminalText`, Docs/guarantees.md) with line breaks kept:
/// valid UTF-8 stays text, a backslash becomes `\\`, controls other than newline and tab `\xNN`, C1 controls and
/// bidirectional overrides `\u{NNNN}`, other bytes `\xNN`; at most `limit` bytes, then `… (N more bytes)`.
/// Report text is escaped here once; nothing that prints or renders it escapes it again.
public func escapedText(_ bytes: [UInt8], limit: Int = 2048) -> String {
    TerminalText.escaped(bytes: bytes, limit: limit, keepingLineBreaks: true)
}
