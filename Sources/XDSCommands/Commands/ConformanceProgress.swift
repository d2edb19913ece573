// Sources/XDSCommands/Commands/ConformanceProgress.swift - Signs of life during a run, on a terminal and in CI logs

import ConformanceRunner
import Foundation
import ReportFormatting

/// Progress of `xds conformance` on standard error: on a terminal one line redrawn in place; otherwise (a CI log)
/// a line of its own at every tenth of the calls or after 10 s without one, and always at the end. Each line says
/// how far the run is overall and for each implementation under way.
final class ConformanceProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let terminal: Bool
    private let names: [String]
    /// What is run on each implementation: `case` (xds conformance), `input` (xds differential).
    private let unit: String
    private var lastTenth = 0
    private var lastLine = Date()
    /// The seconds between two lines in a log, at most.
    static let logInterval: TimeInterval = 10

    /// - Parameters:
    ///   - names: the implementations' names, in run order.
    ///   - unit: what each implementation runs, `case` or `input`.
    init(terminal: Bool, names: [String], unit: String = "case") {
        self.terminal = terminal
        self.names = names
        self.unit = unit
    }

    /// The callback for `ConformanceSession.run`.
    var report: @Sendable (RunProgress) -> Void { { [self] progress in self.update(progress) } }

    /// Clears the terminal's line before the next message; nothing in a log.
    func clear() {
        if terminal { Console.writeError(Array("\r\u{1B}[K".utf8)) }
    }

    private func update(_ progress: RunProgress) {
        guard progress.total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        let done = progress.done
        let text = Self.text(progress, names: names, unit: unit)
        if terminal {
            if done == progress.total || done % 25 == 0 {
                Console.writeError(Array(("\r\u{1B}[K" + TerminalText.escaped(text)).utf8))
            }
            return
        }
        let tenth = done * 10 / progress.total
        guard done == progress.total || tenth > lastTenth || Date().timeIntervalSince(lastLine) >= Self.logInterval
        else {
            return
        }
        lastTenth = tenth
        lastLine = Date()
        Console.printError(text)
    }

    /// `progress: 377/1508 case runs (25 %), 314 cases × 6 implementations; 1 of 6 done; libplist 63/314`: the
    /// implementations under way are named with their own count. Unescaped: the caller escapes it once, by the
    /// terminal-text rule, as it writes.
    static func text(_ progress: RunProgress, names: [String], unit: String = "case") -> String {
        let count = progress.doneByImplementation.count
        var text =
            "progress: \(progress.done)/\(progress.total) \(unit) runs (\(progress.done * 100 / max(1, progress.total)) %)"
        guard count > 1 else { return text }
        text += ", \(progress.casesPerImplementation) \(unit)s × \(count) implementations; "
        text += "\(progress.finishedImplementations) of \(count) done"
        let underWay = progress.implementationsUnderWay.map { index in
            let name = index < names.count ? names[index] : "#\(index + 1)"
            return "\(name) \(progress.doneByImplementation[index])/\(progress.casesPerImplementation)"
        }
        if !underWay.isEmpty { text += "; " + underWay.joined(separator: ", ") }
        return text
    }
}
