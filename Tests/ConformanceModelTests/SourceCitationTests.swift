// Tests/ConformanceModelTests/SourceCitationTests.swift - "Source: `vector`, row `impl`" is what the report shows

import ConformanceModel
import Foundation
import Testing

/// Docs/spec.md cites report rows as its source for other implementations' behaviour
/// (`Source: \`plist/invalid/x\`, rows \`libplist\` and \`plistlib\``). Each cited row must exist in the
/// committed `Reports/conformance.json` and show a behaviour other than a plain pass, so a citation
/// cannot outlive what the report says.
@Suite struct SourceCitationTests {
    struct Citation: Hashable, CustomStringConvertible {
        var vector: String
        var implementation: String
        var description: String { "\(vector) row \(implementation)" }
    }

    /// Every `` `vector`, row(s) `a`[, `b`][ and `c`] `` on the document's `Source:` lines.
    static func citations(_ document: SpecificationDocument) -> [Citation] {
        var found: [Citation] = []
        for requirement in document.requirements {
            for line in requirement.text.split(separator: "\n") where line.hasPrefix("Source:") {
                let spans = line.split(separator: "`", omittingEmptySubsequences: false)
                var index = 1
                while index < spans.count {
                    let vector = String(spans[index])
                    let after = index + 1 < spans.count ? spans[index + 1] : ""
                    guard vector.contains("/"), after.hasPrefix(", row") else {
                        index += 2
                        continue
                    }
                    var next = index + 2
                    while next < spans.count {
                        found.append(Citation(vector: vector, implementation: String(spans[next])))
                        let separator = next + 1 < spans.count ? spans[next + 1] : ""
                        guard separator == ", " || separator == " and " else { break }
                        next += 2
                    }
                    index = next + 2
                }
            }
        }
        return found
    }

    @Test func citedReportRowsShowTheBehaviour() throws {
        let document = try SpecificationFiles.document()
        let citations = Self.citations(document)
        #expect(citations.count >= 20)
        let url = SpecificationFiles.packageRoot.appendingPathComponent("Reports/conformance.json")
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(contentsOf: url))
        var problems: [String] = []
        for citation in citations {
            guard let run = report.runs.first(where: { $0.implementation.name == citation.implementation }) else {
                problems.append("\(citation): no such implementation in the report")
                continue
            }
            let outcomes = run.results.filter { $0.vectorID == citation.vector }.map(\.outcome)
            if outcomes.isEmpty || outcomes.allSatisfy({ $0 == .notApplicable }) {
                problems.append("\(citation): the report has no result")
            } else if outcomes.allSatisfy({ $0 == .pass }) {
                problems.append("\(citation): the report shows a plain pass")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func parsesTheCitationForms() {
        let document = SpecificationDocument.parse(
            """
            ## 2. X

            **[x.y] Y.**
            A reader MUST do it.
            Source: `a/b/c`, rows `one`, `two` and `three` in the report; `d/e`, row `four` (crash).
            """)
        #expect(
            Self.citations(document).map(\.description) == [
                "a/b/c row one", "a/b/c row two", "a/b/c row three", "d/e row four",
            ])
    }
}
