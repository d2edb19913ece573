// Sources/Conformance/VectorFamilies/FuzzFindingsFamily.swift - plist/regressions found by our fuzzers

/// Fuzz findings (tag `fuzz`), each named after what it caught. The bytes are the ones the fuzz harness
/// committed (FuzzTesting's KnownDivergence names them), written here as hex so that the generator stays the one
/// path to every file; the verdicts follow the rest of the set.
public enum FuzzFindingsFamily {
    static let made = "fuzz finding (FuzzPlistDifferential vs libplist 2.2); bytes as the fuzz harness committed them"

    struct Finding {
        var name: String
        var hex: String
        var description: String
        var spec: String
        var level: VectorLevel = .required
        var tags: [VectorTag]
        var error: VectorErrorCategory?
        var expected: Intended?
    }

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }

    static let trailer1 = "000000000000010100000000000000010000000000000000"

    static let findings: [Finding] = [
        Finding(
            name: "libplist-ascii-string-high-byte", hex: "62706c697374303051c108" + trailer1 + "000000000000000a",
            description: "ASCII string holding 0xC1: libplist 2.2 accepts it", spec: "bplist.string.ascii",
            tags: [.fuzz, .string, .ascii], error: .encoding),
        Finding(
            name: "libplist-date-precision",
            hex: "62706c6973743030333ea0c6f7a0b5ed8d08" + trailer1 + "0000000000000011",
            description: "a date 5e-7 s after the reference date: libplist keeps whole microseconds",
            spec: "bplist.marker.date", tags: [.fuzz, .date], expected: .date("2001-01-01T00:00:00.0000005Z")),
        Finding(
            name: "libplist-date-sign-lost-near-epoch",
            hex: "62706c697374303033bfe000000000000008" + trailer1
                + "0000000000000011",
            description: "a date of -0.5 s: libplist loses the sign in (-1 s, 0)", spec: "bplist.marker.date",
            tags: [.fuzz, .date], expected: .date("2000-12-31T23:59:59.5Z")),
        Finding(
            name: "libplist-duplicate-key-accepted",
            hex: "62706c6973743030d2010203045161516110011002080d0f1113000000000000010100000000000000050000000000000000"
                + "0000000000000015",
            description: "the key \"a\" twice: libplist keeps the first", spec: "bplist.dictionary.unique-keys",
            level: .recommended, tags: [.fuzz, .duplicateKey], error: .duplicateKey),
        Finding(
            name: "libplist-gap-before-trailer", hex: "62706c69737430300908" + "00" + trailer1 + "0000000000000009",
            description: "one unused byte between offset table and trailer: libplist accepts it",
            spec: "bplist.trailer.length", tags: [.fuzz, .trailer, .gap], error: .trailer),
        Finding(
            name: "libplist-integer-beyond-64-bits",
            hex: "62706c6973743030140000000000000000ffffffffffffffff08" + trailer1 + "0000000000000019",
            description: "UInt64.max as a 16-byte integer: libplist reads 8-byte values signed",
            spec: "bplist.marker.integer",
            tags: [.fuzz, .integer], expected: .integer("18446744073709551615")),
        Finding(
            name: "libplist-null-rejected",
            hex: "62706c6973743030a10100080a000000000000010100000000000000020000000000000000000000000000000b",
            description: "an array holding null: libplist 2.2 rejects null, the reference reads it",
            spec: "bplist.marker.null", level: .implementationDefined, tags: [.fuzz, .null],
            expected: .array([.null])),
        Finding(
            name: "libplist-object-offset-outside-object-area",
            hex: "62706c69737430300900" + trailer1 + "0000000000000009",
            description: "the only offset is 0 (inside the header): libplist decodes the bytes there",
            spec: "bplist.offset-table.range", tags: [.fuzz, .offsetTable], error: .offsetTable),
        Finding(
            name: "libplist-set-read-as-array",
            hex: "62706c6973743030c1011001080a000000000000010100000000000000020000000000000000000000000000000c",
            description: "a set of one integer: libplist reads it as an array", spec: "bplist.marker.set",
            tags: [.fuzz, .set], expected: .set([.int(1)])),
        Finding(
            name: "libplist-sixteen-byte-integer-accepted",
            hex: "62706c6973743030140000000000000001ffffffffffffffff08" + trailer1 + "0000000000000019",
            description: "a 16-byte integer of 2^65-1: libplist keeps the low 64 bits", spec: "bplist.limit.value",
            level: .recommended, tags: [.fuzz, .integer, .limit], error: .limit),
        Finding(
            name: "libplist-string-ends-at-nul", hex: "62706c69737430305361006208" + trailer1 + "000000000000000c",
            description: "\"a\\0b\": libplist's C strings end at the NUL", spec: "bplist.marker.string",
            tags: [.fuzz, .string, .ascii], expected: .string("a\u{0}b")),
        Finding(
            name: "oracle-screen-object-ref-beyond-int-max",
            hex: "ababab0afdff0208000000000000000000000000590000000101010101010101010000abababababababababab0a0000"
                + "00000000010101010000abab0afdff0108000000000000001e00000000000000080000000000000001",
            description:
                "fuzz input whose references pass Int.max (caught the oracle's work screen); the header is not bplist00",
            spec: "bplist.header.magic", tags: [.fuzz, .header], error: .header),
    ]

    public static func vectors() -> [GeneratedVector] {
        findings.map {
            GeneratedVector(
                .plist, .regressions, $0.name, input: bytes($0.hex), expected: $0.expected?.json(),
                description: $0.description, spec: $0.spec, level: $0.level, tags: $0.tags, error: $0.error, made: made)
        }
    }
}
