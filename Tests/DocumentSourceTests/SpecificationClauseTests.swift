// Tests/DocumentSourceTests/SpecificationClauseTests.swift - Each decoder fault cites its clause and section

import BinaryPlist
import DocumentSource
import Testing

@Suite struct SpecificationClauseTests {
    /// A decoder error as `BPlistDecoder` reports it in a 100-byte input, and the citation `xds validate` prints.
    /// (ValidatorClauseTests checks the sections against Docs/spec.md; this pins that no clause loses its
    /// section in the table and that each fault picks its own clause.)
    static let cases: [(BPlistError, String)] = [
        (BPlistError(.header, at: 0, "header is not \"bplist00\""), "§4.2 bplist.header.magic"),
        (BPlistError(.trailer, at: 74, "offset-table entry size is 0"), "§4.3 bplist.trailer.offset-size"),
        (BPlistError(.trailer, at: 75, "object reference size is 0"), "§4.3 bplist.trailer.ref-size"),
        (BPlistError(.trailer, at: 76, "object count must be at least 1"), "§4.3 bplist.trailer.num-objects"),
        (BPlistError(.trailer, at: 84, "top object index is not below"), "§4.3 bplist.trailer.top-object"),
        (BPlistError(.trailer, at: 92, "3 offsets do not end at the trailer"), "§4.3 bplist.trailer.length"),
        (BPlistError(.trailer, at: 92, "offset table start must lie in"), "§4.3 bplist.trailer.offset-table-offset"),
        (BPlistError(.trailer, at: 100, "input ends before the trailer"), "§4.3 bplist.trailer"),
        (BPlistError(.offsetTable, at: 60, "offset of object 1 is outside"), "§4.4 bplist.offset-table.range"),
        (BPlistError(.objectRef, at: 10, "reference is not below"), "§4.5 bplist.object-ref.range"),
        (BPlistError(.marker, at: 8, "real of 2 bytes"), "§4.5 bplist.marker.real"),
        (BPlistError(.marker, at: 8, "date marker must be 0x33"), "§4.5 bplist.marker.date"),
        (BPlistError(.marker, at: 8, "integer of 32 bytes"), "§4.5 bplist.marker.integer"),
        (BPlistError(.marker, at: 8, "count must be an int object"), "§4.5 bplist.count.long"),
        (BPlistError(.marker, at: 8, "marker 0x70 is not a bplist00 object"), "§4.5 bplist.marker.unknown"),
        (BPlistError(.length, at: 8, "object needs 4 bytes"), "§4.5 bplist.length.within-objects"),
        (BPlistError(.encoding, at: 9, "ASCII string holds byte 0xe9"), "§4.6 bplist.string.ascii"),
        (BPlistError(.encoding, at: 9, "UTF-16 string holds an unpaired surrogate"), "§4.6 bplist.string.utf16"),
        (BPlistError(.keyType, at: 9, "dictionary key is not a string"), "§4.7 bplist.dictionary.key-type"),
        (BPlistError(.duplicateKey, at: 9, "dictionary key \"a\" appears twice"), "§4.7 bplist.dictionary.unique-keys"),
        (BPlistError(.cycle, at: 9, "reference to object 0 closes a cycle"), "§4.8 bplist.graph.acyclic"),
        (BPlistError(.depth, at: 9, "containers nest deeper than 512 levels"), "§4.8 bplist.limit.depth"),
        (BPlistError(.limit, at: 9, "UID of 9 bytes exceeds 64 bits"), "§4.8 bplist.limit.value"),
        (BPlistError(.limit, at: 9, "shared references expand to more than"), "§4.8 bplist.limit.resources"),
        (BPlistError(.schema, at: 0, "root is not a dictionary"), "§2.3 attribute.root.dictionary"),
    ]

    @Test(arguments: cases)
    func decoderFaultCitesItsClause(_ error: BPlistError, _ citation: String) {
        #expect(SpecificationClause.forDecoding(error, inputLength: 100).citation == citation)
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
