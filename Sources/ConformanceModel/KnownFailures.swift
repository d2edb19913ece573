// Sources/ConformanceModel/KnownFailures.swift - Known-failure lists: `id # reason` lines that cannot rot

/// A malformed known-failure list.
public struct KnownFailuresError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// One implementation's known deviations: vector ids or case ids, each with a reason.
public struct KnownFailures: Hashable, Sendable {
    /// id → reason, in file order by `order`.
    public var reasons: [String: String]
    public var order: [String]

    public init(reasons: [String: String] = [:], order: [String] = []) {
        self.reasons = reasons
        self.order = order
    }

    /// Parses `id # reason` lines (whitespace before the `#`); blank lines and lines starting with `#` are comments.
    /// - Throws: `KnownFailuresError` for a line without a reason or an id listed twice.
    public static func parse(_ text: String) throws(KnownFailuresError) -> KnownFailures {
        var list = KnownFailures()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            // Case ids contain '#' (`…#encode`), so the reason starts at the first '#' after a space or tab.
            guard let separator = line.ranges(of: " #").first ?? line.ranges(of: "\t#").first else {
                throw KnownFailuresError(line: index + 1, message: "'\(line)' has no ' # reason'")
            }
            let id = String(line[..<separator.lowerBound]).trimmingSpaces()
            let reason = String(line[separator.upperBound...]).trimmingSpaces()
            guard !id.isEmpty, !id.contains(" ") else {
                throw KnownFailuresError(line: index + 1, message: "expected one id before '#'")
            }
            guard !reason.isEmpty else {
                throw KnownFailuresError(line: index + 1, message: "'\(id)' has an empty reason")
            }
            guard list.reasons[id] == nil else {
                throw KnownFailuresError(line: index + 1, message: "'\(id)' is listed twice")
            }
            list.reasons[id] = reason
            list.order.append(id)
        }
        return list
    }

    /// A list of every deviation in `results`, one `case-id # outcome: what happened` line each.
    public static func render(_ results: [VectorResult], implementation: String) -> String {
        var lines = [
            "# Known failures of \(implementation), written by `xds conformance --write-known-failures`.",
            "# One `vector-or-case-id # reason` per line. A listed case that passes fails the run.",
        ]
        for result in results.filter({ $0.outcome.isDeviation }).sorted(by: { $0.caseID < $1.caseID }) {
            var detail = result.actual
            if result.outcome == .crash || result.outcome == .shouldHaveAccepted,
                let message = result.diagnostics.split(separator: "\n").first(where: { !$0.isEmpty })
            {
                detail += " — " + message
            }
            detail = detail.replacingNewlines().maskingAddresses()
            if detail.count > 120 { detail = String(detail.prefix(117)) + "..." }
            lines.append("\(result.caseID) # \(result.outcome.rawValue): \(detail.isEmpty ? "no output" : detail)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// How one implementation's results stand against its list.
public struct KnownFailureCheck: Hashable, Sendable {
    /// Required-level deviations and crashes at any level that the list does not name: these fail the run.
    public var unexpected: [VectorResult] = []
    /// Listed ids whose cases all ran and none deviated: the list is stale, which fails the run.
    public var stale: [String] = []
    /// Listed ids that name no vector or case of the set: fail the run.
    public var unknown: [String] = []

    /// Whether the implementation's run is acceptable.
    public var isClean: Bool { unexpected.isEmpty && stale.isEmpty && unknown.isEmpty }
}

extension KnownFailures {
    /// Marks listed deviations in `results` with their reason and reports what fails the run.
    /// - Parameter knownIDs: every vector id and case id of the whole set (before filtering).
    public func apply(to results: inout [VectorResult], knownIDs: Set<String>) -> KnownFailureCheck {
        var check = KnownFailureCheck()
        var matched: [String: (ran: Int, deviated: Int)] = [:]
        for index in results.indices {
            let result = results[index]
            let id =
                reasons[result.caseID] != nil
                ? result.caseID : (reasons[result.vectorID] != nil ? result.vectorID : nil)
            guard let id else {
                // A crash fails the run at every level: lowering a level never excuses a crash.
                if result.outcome == .crash || (result.outcome.isDeviation && result.level == .required) {
                    check.unexpected.append(result)
                }
                continue
            }
            var counts = matched[id] ?? (0, 0)
            counts.ran += 1
            if result.outcome.isDeviation {
                counts.deviated += 1
                results[index].knownFailure = reasons[id]
            }
            matched[id] = counts
        }
        for id in order {
            if let counts = matched[id] {
                if counts.deviated == 0 { check.stale.append(id) }
            } else if !knownIDs.contains(id) {
                check.unknown.append(id)
            }
        }
        return check
    }
}

extension StringProtocol {
    /// Without the spaces, tabs and carriage returns at either end (the one trim of the module's line formats:
    /// known-failure lists and Docs/spec.md).
    func trimmingSpaces() -> String {
        String(
            drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed().drop(while: {
                $0 == " " || $0 == "\t" || $0 == "\r"
            }).reversed())
    }
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
    /// `0x` and eight or more hex digits (a pointer printed by an implementation) become `0x…`, so that a
    /// regenerated list does not change with each process's address layout.
    func maskingAddresses() -> String {
        let characters = Array(self)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "0", index + 1 < characters.count, characters[index + 1] == "x" {
                var end = index + 2
                while end < characters.count, characters[end].isHexDigit { end += 1 }
                if end - index - 2 >= 8 {
                    result += "0x…"
                    index = end
                    continue
                }
            }
            result.append(characters[index])
            index += 1
        }
        return result
    }
}
