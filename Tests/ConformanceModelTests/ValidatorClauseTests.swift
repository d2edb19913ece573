// Tests/ConformanceModelTests/ValidatorClauseTests.swift - `xds validate` findings cite real clauses

import BinaryPlist
import ConformanceModel
import DocumentSource
import Testing

@Suite struct ValidatorClauseTests {
    @Test func everyClauseTheValidatorCitesIsDefinedInItsSection() throws {
        let document = try SpecificationFiles.document()
        let clauses = SpecificationClause.all + ValidationFinding.Code.allCases.map(\.clause)
        for clause in clauses {
            let requirement = document.requirement(clause.id)
            #expect(requirement != nil, "\(clause.id) is not defined in Docs/spec.md")
            #expect(requirement?.section == clause.section, "\(clause.id) is in §\(requirement?.section ?? "?")")
        }
    }

    /// Each invalid plist vector, validated as an attribute value, yields a decoder finding citing the
    /// vector's own clause, except where one decoder fault serves two clauses (listed with the reason).
    @Test func decoderFindingsCiteTheClauseTheirVectorTests() throws {
        let sharedFaults: [String: String] = [
            // A count or width that does not match the table is found as "the table does not end at the trailer".
            "plist/invalid/num-objects-one-less": "bplist.trailer.length",
            "plist/invalid/num-objects-one-more": "bplist.trailer.length",
            "plist/invalid/num-objects-2-pow-62": "bplist.trailer.length",
            "plist/invalid/num-objects-times-offset-size-overflows": "bplist.trailer.length",
            "plist/invalid/offset-size-says-2": "bplist.trailer.length",
            // An appended byte shifts the trailer: the first field found wrong is the reference width.
            "plist/invalid/byte-after-trailer": "bplist.trailer.ref-size",
            // An all-zero trailer: the first field checked is the offset width, 0.
            "plist/invalid/header-and-zero-trailer": "bplist.trailer.offset-size",
            // Not a binary property list at all: the attribute's format finding, before any decoding.
            "plist/invalid/empty-input": "attribute.format.binary",
            "plist/invalid/one-byte": "attribute.format.binary",
            "plist/invalid/magic-capital-b": "attribute.format.binary",
            "plist/invalid/magic-xplist": "attribute.format.binary",
            "plist/invalid/xml-document": "attribute.format.binary",
        ]
        // For an attribute, duplicate keys are the attribute's clause (which defers to the plist one).
        let attributeClause = ["bplist.dictionary.unique-keys": "attribute.keys.unique"]
        let vectors = try SpecificationFiles.manifest().vectors.filter {
            $0.area == .plist && $0.group == .invalid
        }
        #expect(vectors.count > 100)
        var mismatches: [String] = []
        for vector in vectors {
            let bytes = try SpecificationFiles.vectorBytes(vector.input)
            let report = DocumentSourceValidator.validate(bytes)
            let clauses = report.findings.filter { $0.code != "portability.too-large" }.map(\.clause.id)
            let expected = sharedFaults[vector.id] ?? attributeClause[vector.spec] ?? vector.spec
            if !clauses.contains(expected) { mismatches.append("\(vector.id): \(vector.spec) not in \(clauses)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func schemaFindingsCiteTheAttributeClauses() {
        // {"identifier": 5}: a non-string value, no name.
        let bytes: [UInt8] = BPlistEncoder.encode(.dictionary(["identifier": .integer(5), "extra": .string("x")]))
        let report = DocumentSourceValidator.validate(bytes)
        let byCode = Dictionary(
            report.findings.map { ($0.code, $0.clause.id) }, uniquingKeysWith: { first, _ in first })
        #expect(byCode["schema.value-not-string"] == "attribute.fields.string-only")
        #expect(byCode["schema.unknown-key"] == "attribute.keys.extra")
        #expect(byCode["schema.missing-required-key"] == "attribute.write.keys")
    }
}
