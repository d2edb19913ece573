// Sources/VectorGenerators/DifferentialRegressionFamily.swift - plist/regressions found by `xds differential`

import ConformanceModel
import Foundation

/// The regression vectors of `xds differential` findings (Docs/conformance.md, "Differential discovery"): each is
/// one divergence between the implementations, seen in a cluster of the fuzz seed corpus and minimised by hand to
/// the one fault, so that the bytes show only what the readers disagree on. The reference's verdict is the
/// expectation (`expected` or `error`), the level follows the spec's rule (Docs/spec.md §1.3), and the
/// description names the implementations that deviate; Docs/differential-noise.md lists the clusters that
/// were judged noise.
public enum DifferentialRegressionFamily {
    static let made =
        "xds differential finding, minimised by hand (Docs/differential-noise.md lists the clusters); bytes kept as "
        + "hex in DifferentialRegressionFamily"

    static func good(
        _ name: String, _ hex: String, _ value: IntendedValue, _ description: String, spec: String,
        tags: [VectorTag], level: VectorLevel = .required
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .regressions, name, input: FuzzRegressionFamily.hex(hex), expected: value.json(),
            description: description, spec: spec, level: level, tags: [.differential] + tags, made: made)
    }

    static func bad(
        _ name: String, _ hex: String, _ error: VectorErrorCategory, _ description: String, spec: String,
        tags: [VectorTag], level: VectorLevel = .required
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .regressions, name, input: FuzzRegressionFamily.hex(hex), description: description, spec: spec,
            level: level, tags: [.differential] + tags, error: error, made: made)
    }

    /// A one-object document's trailer: 1-byte offsets and references, `count` objects, top 0, table at `table`.
    static func trailer(count: UInt8, table: UInt8, offsetSize: UInt8 = 1, refSize: UInt8 = 1) -> String {
        "000000000000" + String(format: "%02x%02x", offsetSize, refSize) + "00000000000000"
            + String(format: "%02x", count) + "0000000000000000 00000000000000" + String(format: "%02x", table)
    }

    static let header = "62706c6973743030"

    public static func vectors() -> [GeneratedVector] {
        [
            good(
                "ref-size-9",
                header + "a1 000000000000000001 09" + "08 12" + trailer(count: 2, table: 19, refSize: 9),
                .array([.bool(true)]),
                "[true] with 9-byte object references (CoreFoundation folds any width): rust-plist and bplist "
                    + "reject the width, CFPropertyList and GNUstep crash on it, binplist returns its UnknownObject",
                spec: "bplist.trailer.ref-size", tags: [.trailer, .array]),
            good(
                "offset-size-9",
                header + "a1 01 09" + "000000000000000008 00000000000000000a"
                    + trailer(count: 2, table: 11, offsetSize: 9),
                .array([.bool(true)]),
                "[true] with 9-byte offset-table entries (CoreFoundation folds any width): rust-plist and bplist "
                    + "reject the width, CFPropertyList and GNUstep crash on it",
                spec: "bplist.trailer.offset-size", tags: [.trailer, .array]),
            good(
                "gnustep-count-in-8-byte-integer",
                header + "5f 13 0000000000000003 616263" + "08" + trailer(count: 1, table: 21),
                .string("abc"),
                "\"abc\" whose count is the 8-byte integer 3 (`5F 13 …03`): GNUstep reads the empty string (it "
                    + "drops 8-byte counts, of arrays and data too); every other reader reads \"abc\"",
                spec: "bplist.count.long", tags: [.string, .count]),
            good(
                "set-holding-array",
                header + "c1 01 a1 02 09" + "08 0a 0c" + trailer(count: 3, table: 13),
                .set([.array([.bool(true)])]),
                "a set holding the array [true]: biplist rejects it (Python sets cannot hold lists: unhashable "
                    + "type), the reference, dd-plist and CoreFoundation's CFSet keep it",
                spec: "bplist.marker.set", tags: [.set, .array]),
            good(
                "set-duplicate-elements",
                header + "c2 01 02 1005 1005" + "08 0b 0d" + trailer(count: 3, table: 15),
                .set([.int(5), .int(5)]),
                "a set of two equal integers 5 (two objects): dd-plist and biplist keep one element, as CoreFoundation's "
                    + "CFSet would, the reference and libplist both; readers legitimately differ",
                spec: "bplist.marker.set", tags: [.set], level: .implementationDefined),
            good(
                "unreferenced-object-unassigned-marker",
                header + "a1 01 09 0a" + "08 0a 0b" + trailer(count: 3, table: 12),
                .array([.bool(true)]),
                "[true] beside an object nobody references whose marker 0x0A is unassigned: CoreFoundation and the "
                    + "reference decode only what the root reaches and accept; bplist parses every object and rejects",
                spec: "bplist.layout.gap", tags: [.gap, .marker]),
            good(
                "uid-eight-bytes",
                header + "87 0000000000000005" + "08" + trailer(count: 1, table: 17),
                .uid("5"),
                "an 8-byte UID 5 (`87`): CFPropertyList reads the width as 2^7 bytes and rejects, GNUstep raises "
                    + "(unknown control byte), bplist and binplist return bytes or an integer",
                spec: "bplist.marker.uid", tags: [.uid]),
            good(
                "date-sub-microsecond-fraction",
                header + "33 3ee6000000000000" + "08" + trailer(count: 1, table: 17),
                .date("2001-01-01T00:00:00.00001049041748046875Z"),
                "a date 11 × 2^-20 s after the epoch (10.49041748046875 µs): rust-plist keeps whole nanoseconds "
                    + "(…010490), the Python readers whole microseconds, dd-plist and libplist less",
                spec: "bplist.marker.date", tags: [.date]),
            bad(
                "array-count-4-byte-above-int32",
                header + "af 12 80000001 01 09" + "08 0f" + trailer(count: 2, table: 16),
                .length,
                "an array whose 4-byte count is 2^31+1 in an 18-byte object area: dd-plist throws "
                    + "NegativeArraySizeException, CFPropertyList a TypeError, bpylist2 and GNUstep run out of memory, "
                    + "binplist out of CPU time; every other reader rejects",
                spec: "bplist.length.within-objects", tags: [.array, .count]),
            bad(
                "unreferenced-offset-into-header",
                header + "5178 09" + "08 00" + trailer(count: 2, table: 11),
                .offsetTable,
                "the root \"x\" and a second offset-table entry, reached by nothing, that points at byte 0: the "
                    + "reference checks every entry and rejects; every other reader, CoreFoundation included, follows "
                    + "only the entries it needs and accepts",
                spec: "bplist.offset-table.range", tags: [.offsetTable], level: .recommended),
        ]
    }
}
