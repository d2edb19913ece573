// Sources/VectorGenerators/FuzzRegressionFamily.swift - plist/regressions found by our fuzzers (Docs/fuzzing.md)

import ConformanceModel
import Foundation

/// The regression vectors of `FuzzPlistDifferential` findings: one per known divergence between the
/// reference and libplist 2.2 (`KnownDivergence` in FuzzTesting/Sources/FuzzCommon), and one per bug
/// the fuzzers found in the harness itself. The bytes are the minimised findings, written out here so
/// that `make vectors` reproduces them; `KnownDivergenceTests` checks each still shows its divergence.
public enum FuzzRegressionFamily {
    static let made = "fuzz finding, minimised (FuzzPlistDifferential); bytes kept as hex in FuzzRegressionFamily"

    /// Bytes from a hex string with optional spaces.
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.replacingOccurrences(of: " ", with: "").utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }

    /// A one-object document's trailer tail: 1-byte offsets and refs, `count` objects, top 0, table at `table`.
    static func trailer(count: UInt8, table: UInt8) -> String {
        "000000000000 0101 00000000000000\(String(format: "%02x", count)) 0000000000000000 00000000000000"
            + String(format: "%02x", table)
    }

    /// Levels follow the rest of the set: null is implementation-defined (plist/implementation-defined/null-*),
    /// duplicate keys and 16-byte integers above 2^64 are recommended rejections (plist/invalid).
    static func good(
        _ name: String, _ bytes: [UInt8], _ value: IntendedValue, _ description: String, spec: String,
        tags: [VectorTag],
        level: VectorLevel = .required
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .regressions, name, input: bytes, expected: value.json(), description: description, spec: spec,
            level: level, tags: [.fuzz] + tags, made: made)
    }

    static func bad(
        _ name: String, _ bytes: [UInt8], _ error: VectorErrorCategory, _ description: String, spec: String,
        tags: [VectorTag], level: VectorLevel = .required
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .regressions, name, input: bytes, description: description, spec: spec, level: level,
            tags: [.fuzz] + tags, error: error, made: made)
    }

    /// `[false]` and 255 unreferenced falses: 256 objects, 1-byte references, 2-byte offsets.
    static func narrowReferencesAt256Objects() -> [UInt8] {
        var bytes = Array("bplist00".utf8) + [0xA1, 0x01] + [UInt8](repeating: 0x08, count: 255)
        let table = bytes.count
        for offset in [8] + (10..<265) { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        let count: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 0]
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + count + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        return bytes
    }

    public static func vectors() -> [GeneratedVector] {
        let header = "62706c6973743030"
        return [
            good(
                "libplist-date-precision", hex(header + "33 3ea0c6f7a0b5ed8d 08" + trailer(count: 1, table: 17)),
                .date("2001-01-01T00:00:00.0000005Z"),
                "libplist 2.2's plist_get_date_val keeps whole microseconds: 0.5 µs after the epoch reads as 0",
                spec: "bplist.marker.date", tags: [.date]),
            good(
                "libplist-date-sign-lost-near-epoch",
                hex(header + "33 bfe0000000000000 08" + trailer(count: 1, table: 17)),
                .date("2000-12-31T23:59:59.5Z"),
                "libplist 2.2 returns 0 s and 500000 µs for -0.5 s: a date in (-1 s, 0) loses its sign",
                spec: "bplist.marker.date", tags: [.date]),
            good(
                "libplist-integer-beyond-64-bits",
                hex(header + "14 0000000000000000 ffffffffffffffff 08" + trailer(count: 1, table: 25)),
                .integer("18446744073709551615"),
                "a 16-byte 2^64-1: libplist 2.2's API holds 64 bits (the bridge reads them signed: -1)",
                spec: "bplist.marker.integer", tags: [.integer]),
            good(
                "libplist-null-rejected", hex(header + "a101 00 080a" + trailer(count: 2, table: 11)), .array([.null]),
                "an array holding null (0x00): libplist 2.2's parser rejects the whole document",
                spec: "bplist.marker.null", tags: [.null, .array], level: .implementationDefined),
            good(
                "libplist-uid-above-32-bits", hex(header + "840100000000 08" + trailer(count: 1, table: 14)),
                .uid("4294967296"), "a 5-byte UID 2^32: libplist 2.2 and CoreFoundation reject UIDs above 2^32-1",
                spec: "bplist.marker.uid", tags: [.uid], level: .implementationDefined),
            good(
                "libplist-empty-utf16-string-rejected", hex(header + "60 08" + trailer(count: 1, table: 9)),
                .string(""), "an empty UTF-16 string (0x60): libplist 2.2 rejects the document",
                spec: "bplist.string.utf16", tags: [.string, .utf16]),
            good(
                "libplist-set-read-as-array", hex(header + "c101 1001 080a" + trailer(count: 2, table: 12)),
                .set([.int(1)]), "a set (0xC): libplist 2.2 reads it as an array", spec: "bplist.marker.set",
                tags: [.set]),
            good(
                "libplist-string-ends-at-nul", hex(header + "53610062 08" + trailer(count: 1, table: 12)),
                .string("a\u{0}b"), "an ASCII string with an embedded NUL: libplist 2.2's C strings end at it",
                spec: "bplist.string.ascii", tags: [.string, .ascii]),
            good(
                "oracle-utf16-string-keeps-nul", hex(header + "63006100000062 08" + trailer(count: 1, table: 15)),
                .string("a\u{0}b"),
                "a UTF-16 \"a\\0b\": libplist 2.2 keeps the NUL here (it cuts ASCII strings); the oracle assumed a cut",
                spec: "bplist.string.utf16", tags: [.string, .utf16]),
            good(
                "libplist-assert-nul-in-utf16-key",
                hex(header + "d10102 6200610000 09 080b10" + trailer(count: 3, table: 17)),
                .dictionary([("a\u{0}", .bool(true))]),
                "a UTF-16 key \"a\\0\": libplist 2.2 aborts (assert in plist_get_key_val) when the dictionary is read",
                spec: "bplist.string.utf16", tags: [.crash, .dictionary, .utf16]),
            good(
                "oracle-ascii-and-utf16-strings-with-nul",
                hex(header + "a20102 53610062 63006100000062 080b0f" + trailer(count: 3, table: 22)),
                .array([.string("a\u{0}b"), .string("a\u{0}b")]),
                "ASCII and UTF-16 \"a\\0b\" side by side: libplist cuts one, keeps the other; the oracle compared "
                    + "with one reading for all strings",
                spec: "bplist.string.utf16", tags: [.string, .ascii, .utf16, .array]),
            bad(
                "libplist-ascii-string-high-byte", hex(header + "51c1 08" + trailer(count: 1, table: 10)), .encoding,
                "an ASCII string holding byte 0xC1: libplist 2.2 accepts it",
                spec: "bplist.string.ascii", tags: [.string, .ascii]),
            bad(
                "libplist-utf16-unpaired-surrogate", hex(header + "61d83d 08" + trailer(count: 1, table: 11)),
                .encoding, "a UTF-16 string of one high surrogate (U+D83D alone): libplist 2.2 accepts it",
                spec: "bplist.string.utf16", tags: [.string, .utf16]),
            bad(
                "libplist-date-out-of-range-accepted",
                hex(header + "33 7ff0000000000000 08" + trailer(count: 1, table: 17)), .limit,
                "a date of +infinity seconds: libplist 2.2 accepts it", spec: "bplist.marker.date", tags: [.date],
                level: .recommended),
            bad(
                "libplist-wide-uid-accepted",
                hex(header + "8f 01000000000000000000000000000000 08" + trailer(count: 1, table: 25)), .limit,
                "a 16-byte UID of 2^120: libplist 2.2 accepts it (a 16-byte UID of 1 it rejects)",
                spec: "bplist.marker.uid", tags: [.uid, .limit], level: .recommended),
            bad(
                "libplist-wide-count-accepted",
                hex(header + "5f 14 0000000000000001 0000000000000003 616263 08" + trailer(count: 1, table: 29)),
                .length, "an ASCII string whose count is the 16-byte integer 2^64+3: libplist 2.2 reads \"abc\"",
                spec: "bplist.count.long", tags: [.string, .count], level: .implementationDefined),
            bad(
                "libplist-wide-object-ref-truncated",
                hex(
                    header + "a1 0000000000000001 0000000000000001 09 0819"
                        + "000000000000 0110 0000000000000002 0000000000000000 000000000000001a"),
                .objectRef, "16-byte object references: libplist 2.2 reads 2^64+1 as its low 8 bytes, object 1",
                spec: "bplist.object-ref.range", tags: [.objectRef, .array],
                level: .implementationDefined),
            bad(
                "libplist-wide-offset-truncated",
                hex(
                    header + "09 0000000000000001 0000000000000008"
                        + "000000000000 1001 0000000000000001 0000000000000000 0000000000000009"),
                .offsetTable, "a 16-byte offset 2^64+8: libplist 2.2 reads its low 8 bytes, 8",
                spec: "bplist.offset-table.range", tags: [.offsetTable], level: .implementationDefined),
            bad(
                "libplist-narrow-widths-accepted",
                hex(
                    header + "4f10fa" + String(repeating: "ab", count: 250) + "08"
                        + "000000000000 0101 0000000000000001 0000000000000000 0000000000000105"),
                .trailer, "1-byte offsets with the offset table at 261: libplist 2.2 does not check the widths",
                spec: "bplist.trailer.offset-size", tags: [.trailer, .data]),
            bad(
                "libplist-duplicate-key-accepted",
                hex(header + "d201020304 5161 5161 1001 1002 080d0f1113" + trailer(count: 5, table: 21)),
                .duplicateKey, "two keys \"a\": libplist 2.2 accepts the dictionary and keeps the first value",
                spec: "bplist.dictionary.unique-keys", tags: [.dictionary, .duplicateKey], level: .recommended),
            bad(
                "libplist-keys-collide-after-nul",
                hex(
                    "62706c6973743030df100f0102030405060708090a0b0c090e0f101112131415161718091a1b1c1d1e536b3032530030"
                        + "31536b3032536b3033536b30345342696e617279466c6b3037506b3038536b3039536b3130536b3131536b3132536b31"
                        + "33536b31341000100110021003100410051006100710081009100a100b100c100d100e08292d3135393d4145494d5155"
                        + "595d616567696b6d6f71737577797b7d7f810000000000000101000000000000001f0000000000000000000000000000"
                        + "0083"),
                .duplicateKey,
                "a 15-key dictionary (the first report of issue 13): libplist 2.2 cuts the key \"\\0\" + \"01\" to \"\", "
                    + "which collides with the key \"\"; the oracle read that as unequal values",
                spec: "bplist.dictionary.unique-keys", tags: [.dictionary, .duplicateKey, .ascii],
                level: .recommended),
            bad(
                "libplist-offset-table-right-after-header", hex(header + "00" + trailer(count: 1, table: 8)), .trailer,
                "an offset table at byte 8 whose one entry points at byte 0: libplist 2.2 reads \"bplist\" as a UTF-16 string",
                spec: "bplist.trailer.offset-table-offset", tags: [.trailer]),
            bad(
                "oracle-narrow-refs-at-256-objects", narrowReferencesAt256Objects(), .trailer,
                "256 objects with 1-byte references: 2^8 does not exceed the count (the oracle's screen counted indices)",
                spec: "bplist.trailer.ref-size", tags: [.trailer]),
            bad(
                "libplist-gap-before-trailer", hex(header + "09 08 00" + trailer(count: 1, table: 9)), .trailer,
                "an unused byte between the offset table and the trailer: libplist 2.2 accepts it",
                spec: "bplist.layout.gap", tags: [.trailer, .gap]),
            bad(
                "libplist-object-offset-outside-object-area", hex(header + "09 00" + trailer(count: 1, table: 9)),
                .offsetTable,
                "the only object's offset is 0, inside the header: libplist 2.2 decodes \"bp…\" as a UTF-16 string",
                spec: "bplist.offset-table.range", tags: [.offsetTable]),
            bad(
                "libplist-sixteen-byte-integer-accepted",
                hex(header + "14 0000000000000001 ffffffffffffffff 08" + trailer(count: 1, table: 25)), .limit,
                "a 16-byte integer above 2^64-1: libplist 2.2 accepts it and keeps the low 64 bits",
                spec: "bplist.marker.integer", tags: [.integer, .limit], level: .recommended),
            bad(
                "oracle-screen-object-ref-beyond-int-max",
                hex(
                    "ababab0afdff0208000000000000000000000000590000000101010101010101010000abababababababababab0a"
                        + "000000000000010101010000abab0afdff0108000000000000001e00000000000000080000000000000001"),
                .header,
                "an 8-byte object reference above Int.max: trapped the fuzz harness's libplist work screen",
                spec: "bplist.header.magic", tags: [.header, .objectRef]),
            bad(
                "oracle-gap-relaxations-wide-count",
                hex(
                    "62706c6973743030df140000000000000000000000000000000201020305510051001400df006b000000000000000000"
                        + "000000010204df140000000000f800000000000000000000df14000000000000000000000000000000010206df140000"
                        + "00000000000000000000000000010207df14000000000000000000000000000000010208df1400000000000000000000"
                        + "0000000000010209df1400000000000000000000000000000001020adf1400000000000000000000000000000001020b"
                        + "df1500000000000000000000000000000001020cdf1400000400000000000000000000000001020ddf14000000000000"
                        + "00000000000000000000081e202236485c708498acc0d4e8000000000000600101000000000000000e00000000000000"
                        + "0000000000000000fa"),
                .trailer,
                "a trailer gap, a 16-byte integer above 2^64-1, a repeated key and a 32-byte count that libplist 2.2 "
                    + "reads by its low 8 bytes: the oracle knew no divergence for that count",
                spec: "bplist.layout.gap", tags: [.trailer, .gap, .count]),
        ]
    }
}
