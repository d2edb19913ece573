// Sources/ConformanceRunner/AdapterVersion.swift - Asking an adapter command for its version

import ChildProcess
import ConformanceModel

extension ProcessImplementation {
    /// Asks `command version` (optional in the protocol) under `limits`.
    /// - Returns: its first non-empty line, escaped and capped at 200 characters; nil when the call is not
    ///   accepted or prints nothing.
    public static func probeVersion(_ command: [String], limits: ProcessLimits) -> String? {
        let result = ProcessRunner.run(command + [AdapterQuery.version.rawValue], input: [], limits: limits)
        guard result.verdict == .accepted else { return nil }
        let text = String(decoding: result.stdout, as: UTF8.self)
        guard let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first(where: { !$0.isEmpty })
        else { return nil }
        return escapedText(Array(line.utf8), limit: 200)
    }
}
