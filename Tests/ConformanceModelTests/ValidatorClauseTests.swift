// Tests/ConformanceModelTests/ValidatorClauseTests.swift - `xds validate` findings cite real clauses

import BinaryPlist
import ConformanceModel
import DocumentSource
import Testing

@Suite struct ValidatorClauseTests {
    @Test func everyClauseTheValidatorCitesIsDefinedInItsSection() throws {
        let document = try SpecificationFiles.document()
        let decoderClauses = BPlistError.Rule.allCases.map {
            SpecificationClause.forDecoding(BPlistError($0, at: 0, ""))
        }
        let clauses = SpecificationClause.all + ValidationFinding.Code.allCases.map(\.clause) + decoderClauses
        for clause in clauses {
            let requirement = document.requirement(clause.id)
            #expect(requirement != nil, "\(clause.id) is not defined in Docs/spec.md")
            #expect(requirement?.section == clause.section, "\(clause.id) is in §\(requirement?.section ?? "?")")
        }
    }

    /// Each invalid plist vector (and each regression the reference rejects), validated as an attribute value,
    /// yields a decoder finding citing the vector's own clause, except where one decoder fault serves two
    /// clauses (listed with the reason). The finding's clause is the one the refusing rule enforces
    /// (`BPlistError.Rule.clause`, Docs/codec.md), so this holds the vector set and the decoder to one vocabulary.
    @Test func decoderFindingsCiteTheClauseTheirVectorTests() throws {
        let sharedFaults: [String: String] = [
            // A count or width that does not match the table is found as "the table does not end at the trailer".
            "plist/invalid/num-objects-one-less": "bplist.trailer.length",
            "plist/invalid/num-objects-one-more": "bplist.trailer.length",
            "plist/invalid/num-objects-2-pow-62": "bplist.trailer.length",
            "plist/invalid/num-objects-times-offset-size-overflows": "bplist.trailer.length",
            "plist/regressions/cve-2022-48564-huge-num-objects": "bplist.trailer.length",
            "plist/regressions/dd-plist-huge-num-objects": "bplist.trailer.length",
            "plist/invalid/offset-size-says-2": "bplist.trailer.length",
            // A count of 2^63 or more is negative as a signed integer (bplist.count.long, `length`) before it is
            // found longer than the bytes present.
            "plist/invalid/ascii-count-u64-max": "bplist.count.long",
            "plist/invalid/data-count-u64-max": "bplist.count.long",
            "plist/invalid/dict-count-2-pow-63": "bplist.count.long",
            "plist/regressions/cve-2017-6436-ascii-count-wraps": "bplist.count.long",
            "plist/regressions/cve-2017-6438-utf16-count-wraps": "bplist.count.long",
            "plist/regressions/go-plist-data-slice-bounds": "bplist.count.long",
            "plist/regressions/go-plist-negative-string-length": "bplist.count.long",
            // A gap between the offset table and the trailer is refused by the length rule (§4.4 says so).
            "plist/regressions/libplist-gap-before-trailer": "bplist.trailer.length",
            "plist/regressions/oracle-gap-relaxations-wide-count": "bplist.trailer.length",
            // A marker whose value no 64-bit reader keeps: the marker clauses defer the range to bplist.limit.value.
            "plist/regressions/libplist-date-out-of-range-accepted": "bplist.limit.value",
            "plist/regressions/libplist-sixteen-byte-integer-accepted": "bplist.limit.value",
            "plist/regressions/libplist-wide-uid-accepted": "bplist.limit.value",
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
            "plist/regressions/cve-2017-5545-five-bytes": "attribute.format.binary",
            "plist/regressions/oracle-screen-object-ref-beyond-int-max": "attribute.format.binary",
        ]
        // For an attribute, duplicate keys are the attribute's clause (which defers to the plist one).
        let attributeClause = ["bplist.dictionary.unique-keys": "attribute.keys.unique"]
        let vectors = try SpecificationFiles.manifest().vectors.filter {
            $0.area == .plist && ($0.group == .invalid || $0.group == .regressions && $0.error != nil)
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
