// Tests/DocumentSourceTests/SpecificationClauseTests.swift - Each decoder fault cites its clause and section

import BinaryPlist
import DocumentSource
import Testing

@Suite struct SpecificationClauseTests {
    /// Every decoder rule's clause has its section in the table, and `xds validate` cites exactly that clause.
    /// (ValidatorClauseTests checks the sections against Docs/spec.md, from another test target.)
    @Test(arguments: BPlistError.Rule.allCases)
    func decoderFaultCitesItsRulesClause(_ rule: BPlistError.Rule) {
        let clause = SpecificationClause.forDecoding(BPlistError(rule, at: 9, "a fault"))
        #expect(clause.id == rule.clause)
        #expect(!clause.section.isEmpty, "\(rule.clause) has no section in the table")
    }

    /// A few citations as `xds validate` prints them, among them the ones the category and message alone
    /// used to get wrong (a negative count, the fill byte, the decoder's own object limit).
    @Test func citationsOfRulesThatShareACategory() {
        let citations: [(BPlistError.Rule, String)] = [
            (.countRange, "§4.5 bplist.count.long"),
            (.objectBounds, "§4.5 bplist.length.within-objects"),
            (.markerFill, "§4.5 bplist.marker.fill"),
            (.markerSimple, "§4.5 bplist.marker.unknown"),
            (.trailerRefSizeCapacity, "§4.3 bplist.trailer.ref-size"),
            (.objectCount, "§4.8 bplist.limit.resources"),
            (.elementBudget, "§4.8 bplist.limit.resources"),
            (.uid, "§4.8 bplist.limit.value"),
        ]
        for (rule, citation) in citations {
            #expect(SpecificationClause.forDecoding(BPlistError(rule, at: 9, "a fault")).citation == citation)
        }
    }

    /// Every finding `xds validate` can report cites a clause that the table gives a section (the citation of a
    /// clause missing from the table would read "§ attribute.…"; ValidatorClauseTests also matches the sections to
    /// Docs/spec.md, from another test target).
    @Test func everyFindingCitesAClauseWithItsSection() {
        for code in ValidationFinding.Code.allCases {
            #expect(!code.clause.section.isEmpty, "\(code.rawValue) cites \(code.clause.id) without a section")
            #expect(SpecificationClause.all.contains(code.clause), "\(code.clause.id) is not in the table")
        }
    }
}
