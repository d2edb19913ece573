// Tests/ReportingTests/RequirementViewTests.swift - The per-requirement view: verdicts, Markdown, HTML, JSON

import ConformanceModel
import Foundation
import Reporting
import Testing

@Suite struct RequirementViewTests {
    static let document = SpecificationDocument.parse(
        """
        ## 4. Plists

        ### 4.2 Things

        **[p.valid] Valid things are read.**
        A decoder MUST read them.

        **[p.invalid] Invalid things are rejected.**
        A decoder SHOULD reject them.

        **[p.untested] Nobody checks this.**
        A decoder MUST be kind.
        Untested: kindness is not observable by a vector.
        """)

    static func metadata(_ id: String, spec: String, level: VectorLevel = .required) -> VectorMetadata {
        VectorMetadata(
            id: id, area: .plist, group: .valid, input: id + ".bplist", expected: nil, description: "d", spec: spec,
            level: level, tags: [], since: "0.1.0", error: nil, made: "test")
    }

    /// SyntheticReport's vectors: a and b test p.valid, c tests p.invalid (as recommended for libplist's
    /// deviation to count as a missed recommendation), d an id the document lacks.
    static let vectors = [
        metadata("plist/valid/a", spec: "p.valid"), metadata("plist/valid/b", spec: "p.valid"),
        metadata("plist/invalid/c", spec: "p.invalid", level: .recommended),
        metadata("plist/implementation-defined/d", spec: "p.other", level: .implementationDefined),
        metadata("icons/valid/e", spec: "p.icons"),
    ]

    static var report: ConformanceReport {
        var report = SyntheticReport.report
        for index in report.runs.indices {
            for resultIndex in report.runs[index].results.indices
            where report.runs[index].results[resultIndex].vectorID == "plist/invalid/c" {
                report.runs[index].results[resultIndex].level = .recommended
            }
        }
        report.requirements = RequirementResults.build(runs: report.runs, vectors: vectors, document: document)
        return report
    }

    @Test func verdictsFollowTheDeviationsAndTheirLevels() throws {
        let requirements = try #require(Self.report.requirements)
        #expect(requirements.map(\.id) == ["p.valid", "p.invalid", "p.untested", "p.icons", "p.other"])
        let valid = try #require(requirements.first)
        #expect(valid.section == "4.2")
        #expect(valid.strength == "MUST")
        #expect(valid.citation == "§4.2 p.valid (MUST): Valid things are read.")
        #expect(valid.vectors == ["plist/valid/a", "plist/valid/b"])
        #expect(valid.result(for: "reference")?.verdict == .meets)
        #expect(valid.result(for: "reference")?.passed == 2)
        let libplist = try #require(valid.result(for: "libplist"))
        #expect(libplist.verdict == .breaks)
        #expect(libplist.cases == 2 && libplist.passed == 1)
        #expect(libplist.deviations.map(\.caseID) == ["plist/valid/b"])
        #expect(valid.result(for: "evil<&>")?.deviations.first?.known == true)
        let invalid = requirements[1]
        #expect(invalid.result(for: "libplist")?.verdict == .missesRecommendation)
        #expect(invalid.result(for: "reference")?.verdict == .meets)
        // A crash breaks a requirement whatever the vector's level.
        #expect(invalid.result(for: "evil<&>")?.verdict == .breaks)
        let untested = requirements[2]
        #expect(untested.vectors.isEmpty)
        #expect(untested.untested == "kindness is not observable by a vector.")
        #expect(untested.result(for: "reference")?.verdict == .notApplicable)
        #expect(requirements[3].result(for: "libplist")?.verdict == .notApplicable)
        let other = requirements[4]
        #expect(other.section == nil && other.summary == nil)
        #expect(other.result(for: "libplist")?.verdict == .meets)
    }

    @Test func withoutTheDocumentRequirementsAreTheVectorsIdsAlone() {
        let requirements = RequirementResults.build(
            runs: SyntheticReport.report.runs, vectors: Self.vectors, document: nil)
        #expect(requirements.map(\.id) == ["p.icons", "p.invalid", "p.other", "p.valid"])
        #expect(requirements.allSatisfy { $0.section == nil && $0.summary == nil && $0.strength == nil })
        #expect(requirements.last?.citation == "p.valid")
        #expect(requirements.last?.result(for: "libplist")?.verdict == .breaks)
        #expect(SpecificationFile.beside(vectorsDirectory: "/nonexistent-\(UUID().uuidString)/Vectors") == nil)
    }

    @Test func markdownSaysWhichRequirementEachImplementationBreaks() {
        let markdown =
            ConformanceMarkdown.render(Self.report)
            + ConformanceMarkdown.implementationPages(Self.report).map(\.1).joined()
        #expect(markdown.contains("## Requirements"))
        #expect(markdown.contains("| 4.2 | p.valid: Valid things are read. | MUST | 2 | ✓ 2/2 | ✗ 1/2 |"))
        #expect(markdown.contains("- **breaks** §4.2 p.valid (MUST): Valid things are read. — 1 of 2 cases deviate:"))
        #expect(markdown.contains("**misses the recommendation** §4.2 p.invalid (SHOULD)"))
        #expect(markdown.contains("untested"))
        #expect(markdown.contains("Breaks no requirement."))
    }

    @Test func htmlLinksEveryCaseToItsClause() {
        let html = SyntheticReport.allHTML(Self.report)
        #expect(html.contains("<section id=\"requirements\">"))
        #expect(html.contains("<tr id=\"req-p_2evalid\">"))
        #expect(
            html.contains(
                "tests <a href=\"conformance.html#req-p_2evalid\">§4.2 p.valid (MUST): Valid things are read.</a>"))
        #expect(html.contains("tests <a href=\"conformance.html#req-p_2einvalid\">"))
        #expect(!html.contains("<script>alert"))
    }

    @Test func jsonKeepsTheViewAndOldReportsStillRead() throws {
        let report = Self.report
        let decoded = try ConformanceJSON.decode(ConformanceJSON.encode(report))
        #expect(decoded == report)
        let old = SyntheticReport.report
        let oldBytes = ConformanceJSON.encode(old)
        #expect(!String(decoding: oldBytes, as: UTF8.self).contains("\"requirements\""))
        #expect(try ConformanceJSON.decode(oldBytes).requirements == nil)
        #expect(!ConformanceMarkdown.render(old).contains("## Requirements"))
    }

    /// The committed report's runs, viewed through the committed manifest and Docs/spec.md: every
    /// deviation lands under its vector's requirement, and a required one makes the verdict `breaks`.
    @Test func realReportDeviationsLandUnderTheirRequirements() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let report = try ConformanceJSON.decode(
            Array(Data(contentsOf: root.appendingPathComponent("Reports/conformance.json"))))
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: root.appendingPathComponent("Vectors/manifest.json")))
        let document = try #require(
            SpecificationFile.beside(vectorsDirectory: root.appendingPathComponent("Vectors").path))
        let requirements = RequirementResults.build(runs: report.runs, vectors: manifest.vectors, document: document)
        let known = Set(manifest.vectors.map(\.id))
        for run in report.runs {
            let name = run.implementation.name
            let expected = run.results.filter { $0.outcome.isDeviation && known.contains($0.vectorID) }
            let listed = requirements.flatMap { $0.result(for: name)?.deviations ?? [] }
            #expect(Set(listed.map(\.caseID)) == Set(expected.map(\.caseID)), "\(name)")
            for requirement in requirements {
                guard let result = requirement.result(for: name) else { continue }
                let required = result.deviations.contains { $0.level == .required || $0.outcome == .crash }
                #expect((result.verdict == .breaks) == required, "\(name) \(requirement.id)")
            }
        }
        #expect(requirements.allSatisfy { $0.section != nil }, "every vector spec id is in Docs/spec.md")
    }
}
