// Sources/XDSCommands/Commands/ConformanceProgress.swift - Signs of life during a run, on a terminal and in CI logs

import Foundation

/// Progress of `xds conformance` on standard error: on a terminal one line redrawn in place; otherwise (a CI log)
/// a line of its own at every tenth of the calls or after 10 s without one, and always at the end.
final class ConformanceProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let terminal: Bool
    private let implementations: Int
    /// What is run on each implementation: `case` (xds conformance), `input` (xds differential).
    private let unit: String
    private var lastTenth = 0
    private var lastLine = Date()
    /// The seconds between two lines in a log, at most.
    static let logInterval: TimeInterval = 10

    init(terminal: Bool, implementations: Int, unit: String = "case") {
        self.terminal = terminal
        self.implementations = max(1, implementations)
        self.unit = unit
    }

    /// The callback for `ConformanceSession.run`: `done` of `total` case runs (cases × implementations).
    var report: @Sendable (Int, Int) -> Void { { [self] done, total in self.update(done: done, total: total) } }

    /// Clears the terminal's line before the next message; nothing in a log.
    func clear() {
        if terminal { Console.writeError(Array("\r\u{1B}[K".utf8)) }
    }

    private func update(done: Int, total: Int) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        let text = Self.text(done: done, total: total, implementations: implementations, unit: unit)
        if terminal {
            if done == total || done % 25 == 0 { Console.writeError(Array(("\r" + text).utf8)) }
            return
        }
        let tenth = done * 10 / total
        guard done == total || tenth > lastTenth || Date().timeIntervalSince(lastLine) >= Self.logInterval else {
            return
        }
        lastTenth = tenth
        lastLine = Date()
        Console.printError(text)
    }

    /// `progress: 377/1508 case runs (25 %), 6 implementations`.
    static func text(done: Int, total: Int, implementations: Int, unit: String = "case") -> String {
        "progress: \(done)/\(total) \(unit) runs (\(done * 100 / max(1, total)) %)"
            + (implementations > 1 ? ", \(total / implementations) \(unit)s × \(implementations) implementations" : "")
    }
}
