// Sources/VectorGenerators/MutationRegressionFamily.swift - vectors that kill mutants the suite let through

import ConformanceModel

/// Vectors written for mutants of the reference that every vector let through (`make mutation`,
/// Docs/mutation.md): each pins a behaviour the suite failed to pin, and its description names the bug it
/// catches. The level follows the spec's rule (Docs/spec.md §1.3) like any other vector's; the tag
/// `mutation` says where it came from.
public enum MutationRegressionFamily {
    static let made = "generator: MutationRegressionFamily (BPlistAssembler)"

    static func plist(
        _ group: VectorGroup, _ name: String, _ assembly: BPlistAssembly, _ value: IntendedValue?,
        _ description: String, spec: String, tags: [VectorTag], level: VectorLevel = .required,
        error: VectorErrorCategory? = nil
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, group, name, input: assembly.bytes(), expected: value?.json(), description: description,
            spec: spec, level: level, tags: [.mutation] + tags, error: error, made: made)
    }

    public static func vectors() -> [GeneratedVector] {
        [sharedPrefixKeys(), dictValuesRunIntoTable()]
    }

    /// Eight keys whose first eight UTF-8 bytes are the same, in the canonical (sorted) layout.
    static func sharedPrefixKeys() -> GeneratedVector {
        let keys = (1...8).map { "identifier-\($0)" }
        let objects =
            [ObjectBytes.dict(keys: (1...8).map { UInt64($0) }, values: (9...16).map { UInt64($0) })]
            + keys.map(ObjectBytes.string) + (1...8).map { ObjectBytes.int(Int64($0)) }
        return plist(
            .valid, "dict-keys-sharing-8-byte-prefix", BPlistAssembly(objects: objects),
            .dictionary(zip(keys, (1...8).map { IntendedValue.integer(String($0)) }).map { $0 }),
            "eight keys that agree in their first 8 bytes (\"identifier-1\"…\"identifier-8\"), sorted: an encoder "
                + "that orders keys by an 8-byte prefix and leaves equal prefixes in the order it met them writes "
                + "them unsorted (the #canonical case)",
            spec: "bplist.canonical", tags: [.dictionary, .canonical])
    }

    /// `{"k": <ref into the table>}`: the key reference is the last byte before the offset table, so the value
    /// reference is the table's first byte, 0x00 (2-byte offsets), which names a real object.
    static func dictValuesRunIntoTable() -> GeneratedVector {
        var assembly = BPlistAssembly(objects: [ObjectBytes.ascii("v"), [0xD1, 0x02], ObjectBytes.ascii("k")])
        assembly.placement = [0, 2, 1]
        assembly.offsetSize = 2
        assembly.topObject = 1
        return plist(
            .invalid, "dict-values-run-into-table", assembly, nil,
            "a one-entry dictionary whose key reference is the last byte before the offset table, so its value "
                + "reference would be the table's first byte (0x00, a real object, \"v\"): a reader that checks "
                + "only count × refSize bytes instead of 2 × count × refSize reads {\"k\": \"v\"} out of the "
                + "offset table",
            spec: "bplist.length.within-objects", tags: [.dictionary, .offsetTable], error: .length)
    }
}
