// Sources/VectorGenerators/PlistValidFamily.swift - plist/valid: every marker, width and layout

import ConformanceModel

/// Valid bplist00 documents with the tagged JSON their author intended.
public enum PlistValidFamily {
    static let made = "generator: PlistValidFamily (BPlistAssembler)"

    static func vector(
        _ name: String, _ assembly: BPlistAssembly, _ value: Intended, _ description: String, spec: String,
        tags: [VectorTag]
    ) -> GeneratedVector {
        let canonical = canonicalNames.contains(name) && !tags.contains(.canonical)
        return GeneratedVector(
            .plist, .valid, name, input: assembly.bytes(), expected: value.json(), description: description,
            spec: spec, tags: canonical ? tags + [.canonical] : tags, made: made)
    }

    /// Vectors laid out exactly as plistlib (and so the reference encoder) writes their value: CPython
    /// `plistlib.dumps(plistlib.loads(bytes))` reproduces them (checked by VectorSetTests).
    static let canonicalNames: Set<String> = [
        "array-0", "array-1", "array-14", "array-15", "ascii-14", "ascii-15", "ascii-dollar-null", "ascii-embedded-nul",
        "ascii-empty", "bool-false", "bool-true", "data-bytes", "data-empty", "date-2038", "date-fraction-half",
        "date-fraction-quarter", "date-negative-fraction", "date-reference", "date-unix-epoch", "dict-0", "dict-1",
        "dict-14", "dict-15", "dict-empty-key", "dict-proto-key", "dict-utf16-key", "int-1-byte-max", "int-1-byte-zero",
        "int-16-byte-above-int64", "int-16-byte-uint64-max", "int-2-byte-max", "int-4-byte-max", "int-8-byte-max",
        "int-8-byte-min", "int-8-byte-minus-one", "key-object-as-value", "nesting-512", "objects-255-ref-1",
        "objects-256-ref-2", "offset-size-1", "offset-size-2-needed", "real-64-one-and-half", "real-inf", "real-max",
        "real-min-subnormal", "real-nan", "real-neg-inf", "real-neg-zero", "ref-size-1", "shared-value-object",
        "uid-four-bytes", "uid-in-array", "uid-one-byte", "uid-two-bytes", "utf16-14-units", "utf16-15-units",
        "utf16-bmp", "utf16-only-surrogates", "utf16-surrogate-pair", "x-document-source-canonical", "ascii-255",
        "ascii-256", "data-256",
    ]

    /// A document whose root (object 0) is a single scalar.
    static func scalar(
        _ name: String, _ object: [UInt8], _ value: Intended, _ description: String, spec: String,
        tags: [VectorTag]
    ) -> GeneratedVector {
        vector(name, BPlistAssembly(objects: [object]), value, description, spec: spec, tags: tags)
    }

    /// A one-element array `[object]`, so that scalars are also seen inside a container.
    static func inArray(_ object: [UInt8]) -> BPlistAssembly {
        BPlistAssembly(objects: [Obj.array([1]), object])
    }

    public static func vectors() -> [GeneratedVector] {
        markers() + integers() + reals() + strings() + containers() + widths() + layouts()
    }

    static func markers() -> [GeneratedVector] {
        [
            scalar(
                "bool-true", Obj.bool(true), .bool(true), "root is true (0x09)", spec: "bplist.marker.bool",
                tags: [.bool]),
            scalar(
                "bool-false", Obj.bool(false), .bool(false), "root is false (0x08)", spec: "bplist.marker.bool",
                tags: [.bool]),
            scalar(
                "data-empty", Obj.data([]), .data([]), "empty data (0x40)", spec: "bplist.marker.data", tags: [.data]),
            scalar(
                "data-bytes", Obj.data([0, 1, 0xFE, 0xFF, 0x80]), .data([0, 1, 0xFE, 0xFF, 0x80]),
                "five data bytes including 0x00 and 0xFF", spec: "bplist.marker.data", tags: [.data]),
            scalar(
                "uid-one-byte", Obj.uid([0x01]), .uid("1"), "UID 1 in one byte (0x80 01)", spec: "bplist.marker.uid",
                tags: [.uid]),
            scalar(
                "uid-two-bytes", Obj.uid([0x01, 0x00]), .uid("256"), "UID 256 in two bytes (0x81)",
                spec: "bplist.marker.uid", tags: [.uid]),
            scalar(
                "uid-four-bytes", Obj.uid([0xFF, 0xFF, 0xFF, 0xFF]), .uid("4294967295"),
                "UID 2^32-1 in four bytes (0x83)", spec: "bplist.marker.uid", tags: [.uid]),
            vector(
                "set-top-level", BPlistAssembly(objects: [Obj.set([1, 2]), Obj.int(1), Obj.int(2)]),
                .set([.int(1), .int(2)]), "top-level set of two integers (0xC2)", spec: "bplist.marker.set",
                tags: [.set]),
            vector(
                "uid-in-array", inArray(Obj.uid([0x05])), .array([.uid("5")]), "a UID inside an array",
                spec: "bplist.marker.uid", tags: [.uid, .array]),
            scalar(
                "date-reference", Obj.date(0), .seconds(0), "date 0 = 2001-01-01T00:00:00Z", spec: "bplist.marker.date",
                tags: [.date]),
            scalar(
                "date-fraction-half", Obj.date(0.5), .seconds(0.5), "date with a .5 s fraction",
                spec: "bplist.marker.date", tags: [.date]),
            scalar(
                "date-fraction-quarter", Obj.date(1_234_567.25), .seconds(1_234_567.25),
                "date 2001-01-15 with a .25 s fraction", spec: "bplist.marker.date", tags: [.date]),
            scalar(
                "date-unix-epoch", Obj.date(-978_307_200), .seconds(-978_307_200),
                "negative date: 1970-01-01T00:00:00Z", spec: "bplist.marker.date", tags: [.date]),
            scalar(
                "date-negative-fraction", Obj.date(-0.5), .seconds(-0.5),
                "half a second before the reference date", spec: "bplist.marker.date", tags: [.date]),
            scalar(
                "date-2038", Obj.date(1_169_367_296.125), .seconds(1_169_367_296.125),
                "date past 2038 with a .125 s fraction", spec: "bplist.marker.date", tags: [.date]),
        ]
    }

    static func integers() -> [GeneratedVector] {
        let spec = "bplist.marker.integer"
        return [
            scalar(
                "int-1-byte-zero", Obj.int(0, width: 1), .int(0), "0 in one byte (0x10)", spec: spec, tags: [.integer]),
            scalar(
                "int-1-byte-max", Obj.int(0xFF, width: 1), .int(255), "1-byte integers are unsigned: 0xFF is 255",
                spec: spec, tags: [.integer]),
            scalar(
                "int-2-byte-max", Obj.int(0xFFFF, width: 2), .int(65535), "2-byte 0xFFFF is 65535 (unsigned)",
                spec: spec, tags: [.integer]),
            scalar(
                "int-4-byte-max", Obj.int(0xFFFF_FFFF, width: 4), .int(4_294_967_295),
                "4-byte 0xFFFFFFFF is 4294967295 (unsigned)", spec: spec, tags: [.integer]),
            scalar(
                "int-8-byte-minus-one", Obj.int(-1), .int(-1), "8-byte integers are signed: all ones is -1",
                spec: spec, tags: [.integer]),
            scalar(
                "int-8-byte-min", Obj.int(Int64.min), .int(Int64.min), "Int64.min in 8 bytes", spec: spec,
                tags: [.integer]),
            scalar(
                "int-8-byte-max", Obj.int(Int64.max), .int(Int64.max), "Int64.max in 8 bytes", spec: spec,
                tags: [.integer]),
            scalar(
                "int-8-byte-small", Obj.int(42, width: 8), .int(42), "42 in a non-minimal 8-byte integer",
                spec: spec, tags: [.integer]),
            scalar(
                "int-16-byte-uint64-max", Obj.int16(high: 0, low: UInt64.max), .integer("18446744073709551615"),
                "UInt64.max as a 16-byte integer with a zero high half (how CF writes it)", spec: spec, tags: [.integer]
            ),
            scalar(
                "int-16-byte-small", Obj.int16(high: 0, low: 5), .int(5), "5 as a 16-byte integer", spec: spec,
                tags: [.integer]),
            scalar(
                "int-16-byte-above-int64", Obj.int16(high: 0, low: 1 << 63 + 44), .integer("9223372036854775852"),
                "2^63+44 as a 16-byte integer (plistlib TESTDATA)", spec: spec, tags: [.integer]),
        ]
    }

    static func reals() -> [GeneratedVector] {
        let spec = "bplist.marker.real"
        return [
            scalar(
                "real-64-one-and-half", Obj.real(1.5), .double(1.5), "1.5 as an 8-byte real", spec: spec, tags: [.real]),
            scalar(
                "real-32-one-and-half", Obj.real32(1.5), .double(1.5), "1.5 as a 4-byte real (0x22)", spec: spec,
                tags: [.real]),
            scalar(
                "real-32-tenth", Obj.real32(0.1), .double(Double(Float(0.1))),
                "Float(0.1) widened to double", spec: spec, tags: [.real]),
            scalar("real-nan", Obj.real(.nan), .real("nan"), "a quiet NaN", spec: spec, tags: [.real]),
            scalar("real-inf", Obj.real(.infinity), .real("inf"), "+infinity", spec: spec, tags: [.real]),
            scalar("real-neg-inf", Obj.real(-.infinity), .real("-inf"), "-infinity", spec: spec, tags: [.real]),
            scalar("real-neg-zero", Obj.real(-0.0), .real("-0.0"), "-0.0 keeps its sign", spec: spec, tags: [.real]),
            scalar(
                "real-max", Obj.real(.greatestFiniteMagnitude), .double(.greatestFiniteMagnitude),
                "the largest finite double", spec: spec, tags: [.real]),
            scalar(
                "real-min-subnormal", Obj.real(.leastNonzeroMagnitude), .double(.leastNonzeroMagnitude),
                "the smallest subnormal double", spec: spec, tags: [.real]),
            scalar("real-32-nan", Obj.real32(.nan), .real("nan"), "a 4-byte NaN", spec: spec, tags: [.real]),
        ]
    }

    static func strings() -> [GeneratedVector] {
        let spec = "bplist.marker.string"
        let fourteen = String(repeating: "a", count: 14)
        let fifteen = String(repeating: "b", count: 15)
        return [
            scalar(
                "ascii-empty", Obj.ascii(""), .string(""), "empty ASCII string (0x50)", spec: spec,
                tags: [.string, .ascii]),
            scalar(
                "ascii-14", Obj.ascii(fourteen), .string(fourteen), "14 characters: the last short count (0x5E)",
                spec: "bplist.count.short", tags: [.string, .ascii, .count]),
            scalar(
                "ascii-15", Obj.ascii(fifteen), .string(fifteen), "15 characters: the first long count (0x5F 10 0F)",
                spec: "bplist.count.long", tags: [.string, .ascii, .count]),
            scalar(
                "ascii-long-count-non-minimal", Obj.ascii(Array("abc".utf8), long: true), .string("abc"),
                "3 characters with a long count 0x5F 10 03 (allowed, not canonical)", spec: "bplist.count.long",
                tags: [.string, .ascii, .count]),
            scalar(
                "ascii-embedded-nul", Obj.ascii([0x61, 0x62, 0x00, 0x63, 0x64]), .string("ab\u{0}cd"),
                "ASCII string with an embedded NUL", spec: spec, tags: [.string, .ascii]),
            scalar(
                "ascii-dollar-null", Obj.ascii("$null"), .string("$null"), "the string \"$null\" is a string, not null",
                spec: spec, tags: [.string, .ascii]),
            scalar(
                "utf16-bmp", Obj.utf16("Åbenraa"), .string("Åbenraa"), "UTF-16BE string with a BMP letter",
                spec: spec, tags: [.string, .utf16]),
            scalar(
                "utf16-surrogate-pair", Obj.utf16("x😀y"), .string("x😀y"), "UTF-16BE surrogate pair (U+1F600)",
                spec: "bplist.string.utf16", tags: [.string, .utf16]),
            scalar(
                "utf16-only-surrogates", Obj.utf16("𝄞𐐷"), .string("𝄞𐐷"), "two astral scalars, count 4 units",
                spec: "bplist.string.utf16", tags: [.string, .utf16]),
            scalar(
                "utf16-14-units", Obj.utf16(String(repeating: "é", count: 14)),
                .string(String(repeating: "é", count: 14)),
                "14 UTF-16 units (0x6E)", spec: "bplist.count.short", tags: [.string, .utf16, .count]),
            scalar(
                "utf16-15-units", Obj.utf16("😀😀😀😀😀😀😀é"), .string("😀😀😀😀😀😀😀é"),
                "15 UTF-16 units incl. 7 pairs: count counts units, not scalars", spec: "bplist.count.long",
                tags: [.string, .utf16, .count]),
            scalar(
                "utf16-ascii-only", Obj.utf16("name"), .string("name"), "plain ASCII text stored as UTF-16 (allowed)",
                spec: spec, tags: [.string, .utf16]),
            scalar(
                "ascii-255", Obj.ascii(String(repeating: "x", count: 255)), .string(String(repeating: "x", count: 255)),
                "255 characters: the largest 1-byte long count (0x5F 10 FF)", spec: "bplist.count.long",
                tags: [.string, .ascii, .count]),
            scalar(
                "ascii-256", Obj.ascii(String(repeating: "y", count: 256)), .string(String(repeating: "y", count: 256)),
                "256 characters: a 2-byte long count (0x5F 11 01 00)", spec: "bplist.count.long",
                tags: [.string, .ascii, .count]),
            scalar(
                "data-256", Obj.data((0...255).map { UInt8($0) }), .data((0...255).map { UInt8($0) }),
                "every byte value once: 256 data bytes with a 2-byte count", spec: "bplist.count.long",
                tags: [.data, .count]),
        ]
    }
}
