// Tests/ConformanceModelTests/CodecRuleTableTests.swift - Docs/codec.md's rule table is the decoder's rules

import BinaryPlist
import Foundation
import Testing

@Suite struct CodecRuleTableTests {
    /// Each row of Docs/codec.md's "Decoding rules" table: rule id, spec clause, category, as written.
    static func rows() throws -> [[String]] {
        let url = SpecificationFiles.packageRoot.appendingPathComponent("Docs/codec.md")
        var rows: [[String]] = []
        var inside = false
        for line in try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if line.hasPrefix("## ") { inside = line == "## Decoding rules" }
            guard inside, line.hasPrefix("| `bplist.") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows.append(
                [cells[0], cells[1], cells[3]].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) })
        }
        return rows
    }

    /// The table lists every rule `BPlistError` can carry, once, with the clause and category the code gives
    /// it: the one vocabulary of the decoder's rejections (the fuzz coverage report counts by these ids).
    @Test func tableListsEveryRuleWithItsClauseAndCategory() throws {
        let rows = try Self.rows()
        let expected = BPlistError.Rule.allCases.map { [$0.rawValue, $0.clause, $0.category.rawValue] }
        #expect(rows.count == expected.count, "\(rows.count) rows for \(expected.count) rules")
        #expect(
            Set(rows) == Set(expected),
            "table only: \(Set(rows).subtracting(expected)); code only: \(Set(expected).subtracting(rows))")
    }
}
