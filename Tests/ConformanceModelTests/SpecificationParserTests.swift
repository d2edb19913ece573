// Tests/ConformanceModelTests/SpecificationParserTests.swift - The requirement convention, parsed

import ConformanceModel
import Testing

@Suite struct SpecificationParserTests {
    static let sample = """
        # Title

        Version: 9.9.9

        ## 1. Conventions

        The key words "MUST" and "MAY" are BCP 14's. A MUST here is allowed.

        ## 2. The thing

        ### 2.1 Part

        **[thing.part] Parts are kept.**
        A reader MUST keep parts and SHOULD log them; `MAY` in code does not count.
        Vectors: `a/valid/one`, `a/valid/two`
        Source: somewhere.

        **[thing.other] Others are optional.**
        A reader MAY drop others.
        Untested: nothing can observe
        whether it dropped them.

        A stray SHOULD outside.

        ```
        MUST in a fence
        ```

        ## Appendix A. Notes

        **[thing.appendix] Appendix rule.**
        Writers SHOULD note.
        """

    @Test func readsRequirementsSectionsAndCitations() throws {
        let document = SpecificationDocument.parse(Self.sample)
        #expect(document.version == "9.9.9")
        #expect(document.requirements.map(\.id) == ["thing.part", "thing.other", "thing.appendix"])
        let part = try #require(document.requirement("thing.part"))
        #expect(part.summary == "Parts are kept.")
        #expect(part.section == "2.1")
        #expect(part.sectionTitle == "Part")
        #expect(part.strength == .must)
        #expect(part.citedVectors == ["a/valid/one", "a/valid/two"])
        #expect(part.untestedReason == nil)
        #expect(part.line == 13)
        #expect(part.citation == "§2.1 thing.part (MUST): Parts are kept.")
        let other = try #require(document.requirement("thing.other"))
        #expect(other.strength == .may)
        #expect(other.untestedReason == "nothing can observe whether it dropped them.")
        #expect(document.requirement("thing.appendix")?.section == "A")
    }

    @Test func findsKeyWordsOutsideRequirementsButNotInQuotesCodeOrFences() {
        let strays = SpecificationDocument.parse(Self.sample).strayKeywords
        #expect(strays.map(\.word) == ["MUST", "SHOULD"])
        #expect(strays.map(\.section) == ["1", "2.1"])
    }

    @Test func readsHazardAndScopeLinesEndingAnUntestedReason() throws {
        let text = """
            ## 3. X

            **[x.offsets] Offsets stay inside.**
            Readers MUST check.
            Untested: one reason.
            Hazard: memory-safety
            Scope: every vector, crashes only.

            **[x.plain] Plain.**
            Readers MUST read.
            Hazard: no-such-class
            """
        let document = SpecificationDocument.parse(text)
        let offsets = try #require(document.requirement("x.offsets"))
        #expect(offsets.hazard == .memorySafety)
        #expect(offsets.coversEveryVector)
        #expect(offsets.untestedReason == "one reason.")
        let plain = try #require(document.requirement("x.plain"))
        #expect(plain.hazard == nil, "an unknown class is no hazard (the document tests catch the line)")
        #expect(!plain.coversEveryVector)
    }

    @Test func aParagraphWithoutKeyWordsIsNotNormative() {
        let document = SpecificationDocument.parse("## 3. X\n\n**[x.y] Just words.**\nNothing binding here.\n")
        #expect(document.requirement("x.y")?.isNormative == false)
        #expect(document.requirement("x.y")?.strength == .may)
    }
}
