// Sources/VectorGenerators/PlistInvalidPayloads.swift - plist/invalid: one fault each (payloads)

import ConformanceModel

/// Invalid payloads: lengths, cycles, depth, encodings, keys, limits.
enum PlistInvalidPayloads {
    static func bad(
        _ name: String, _ bytes: [UInt8], _ error: VectorErrorCategory, _ description: String, spec: String,
        tags: [VectorTag], level: VectorLevel = .required
    ) -> GeneratedVector {
        PlistInvalidFamily.bad(name, bytes, error, description, spec: spec, tags: tags, level: level)
    }

    /// The canonical dictionary with its last object (the `path` value, just before the table) replaced.
    static func lastObject(_ object: [UInt8]) -> [UInt8] {
        PlistInvalidFamily.with { $0.objects[8] = object }
    }

    static func vectors() -> [GeneratedVector] {
        lengths() + cycles() + encodings() + keys() + limits()
    }

    static func lengths() -> [GeneratedVector] {
        let spec = "bplist.length.within-objects"
        let huge: UInt64 = 0xFFFF_FFFF_FFFF_FFFF
        return [
            bad(
                "ascii-runs-into-table", lastObject([0x5E] + Array("/tmp/a".utf8)), .length,
                "an ASCII count of 14 with 6 bytes before the offset table", spec: spec, tags: [.string, .truncation]),
            bad(
                "utf16-runs-into-table", lastObject([0x64] + [0, 0x44, 0, 0x6F, 0, 0x63]), .length,
                "UTF-16 count 4 (8 bytes) with 6 bytes before the table: count <= bytes < 2*count",
                spec: spec, tags: [.string, .utf16, .truncation]),
            bad(
                "utf16-past-eof", lastObject([0x6F, 0x11, 0x7F, 0xFF, 0, 0x41]), .length,
                "UTF-16 count 32767: twice the count runs past the end of the file", spec: spec,
                tags: [.utf16, .truncation]),
            bad(
                "data-runs-into-table", lastObject([0x4D, 1, 2, 3]), .length,
                "data count 13 with 3 bytes before the table",
                spec: spec, tags: [.data, .truncation]),
            bad(
                "int-8-runs-into-table", lastObject([0x13, 1, 2, 3, 4]), .length, "an 8-byte integer with 4 bytes left",
                spec: spec, tags: [.integer, .truncation]),
            bad(
                "int-16-runs-into-table", lastObject([0x14, 1, 2, 3, 4, 5, 6]), .length,
                "a 16-byte integer with 6 bytes left",
                spec: spec, tags: [.integer, .truncation]),
            bad(
                "real-runs-into-table", lastObject([0x23, 0x3F, 0xF0]), .length, "an 8-byte real with 2 bytes left",
                spec: spec, tags: [.real, .truncation]),
            bad(
                "real-32-runs-into-table", lastObject([0x22, 0x3F]), .length, "a 4-byte real with 1 byte left",
                spec: spec, tags: [.real, .truncation]),
            bad(
                "date-runs-into-table", lastObject([0x33, 0, 0, 0]), .length, "a date with 3 bytes left",
                spec: spec, tags: [.date, .truncation]),
            bad(
                "uid-runs-into-table", lastObject([0x87, 1, 2]), .length, "an 8-byte UID with 2 bytes left",
                spec: spec, tags: [.uid, .truncation]),
            bad(
                "long-count-runs-into-table", lastObject([0x5F, 0x12, 0]), .length,
                "a 4-byte count integer with 1 byte left", spec: spec, tags: [.count, .truncation]),
            bad(
                "array-refs-run-into-table", lastObject([0xA8, 1, 2]), .length,
                "an array of 8 references with 2 bytes left (refs would be read from the table)",
                spec: spec, tags: [.array, .truncation]),
            bad(
                "dict-refs-run-into-table",
                lastObject([0xDE, 1, 2]), .length,
                "a dictionary of 14 pairs (28 references) with 2 bytes before the table",
                spec: spec, tags: [.dictionary, .truncation]),
            bad(
                "ascii-count-u64-max", lastObject([0x5F, 0x13] + ObjectBytes.bigEndian(huge, width: 8) + [0x41]),
                .length,
                "ASCII count 2^64-1 (negative as a signed 8-byte integer)", spec: spec, tags: [.string, .count]),
            bad(
                "data-count-u64-max", lastObject([0x4F, 0x13] + ObjectBytes.bigEndian(huge, width: 8)), .length,
                "data count 2^64-1", spec: spec, tags: [.data, .count]),
            bad(
                "array-count-2-pow-32", lastObject([0xAF, 0x13, 0, 0, 0, 1, 0, 0, 0, 0]), .length,
                "array count 2^32 in a tiny file", spec: spec, tags: [.array, .count]),
        ]
    }

    static func cycles() -> [GeneratedVector] {
        let spec = "bplist.graph.acyclic"
        var chain = (0..<20).map { ObjectBytes.array([UInt64($0 + 1)]) }
        chain[19] = ObjectBytes.array([0])
        return [
            bad(
                "dict-value-is-itself",
                BPlistAssembly(objects: [ObjectBytes.dict(keys: [1], values: [0]), ObjectBytes.ascii("self")]).bytes(),
                .cycle, "a dictionary value references the dictionary", spec: spec, tags: [.cycle, .dictionary]),
            bad(
                "array-contains-itself", BPlistAssembly(objects: [ObjectBytes.array([0])]).bytes(), .cycle,
                "an array whose only element is itself", spec: spec, tags: [.cycle, .array]),
            bad(
                "two-array-loop", BPlistAssembly(objects: [ObjectBytes.array([1]), ObjectBytes.array([0])]).bytes(),
                .cycle,
                "A = [B], B = [A]", spec: spec, tags: [.cycle, .array]),
            bad(
                "set-contains-itself", BPlistAssembly(objects: [ObjectBytes.set([0])]).bytes(), .cycle,
                "a set whose only element is itself", spec: spec, tags: [.cycle, .set]),
            bad(
                "loop-after-20-levels", BPlistAssembly(objects: chain).bytes(), .cycle,
                "a 20-array chain whose last array points to the first (CF checks cycles only past depth 15)",
                spec: spec, tags: [.cycle, .depth]),
            bad(
                "inner-loop",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1], values: [2]), ObjectBytes.ascii("a"), ObjectBytes.array([3]),
                    ObjectBytes.array([2]),
                ]).bytes(),
                .cycle, "a loop between two arrays below the root", spec: spec, tags: [.cycle]),
            bad(
                "nesting-513", PlistValidFamily.nested(513).bytes(), .depth,
                "513 nested arrays (one past the limit 512)",
                spec: "bplist.limit.depth", tags: [.depth]),
            bad(
                "dict-nesting-513", dictChain(513).bytes(), .depth, "513 nested dictionaries",
                spec: "bplist.limit.depth",
                tags: [.depth, .dictionary]),
            bad(
                "nesting-600-mixed", mixedChain(600).bytes(), .depth, "600 alternately nested arrays and sets",
                spec: "bplist.limit.depth", tags: [.depth, .set]),
        ]
    }

    /// `count` dictionaries `{"k": next}`; the innermost is empty. Object 0 is the key "k".
    static func dictChain(_ count: Int) -> BPlistAssembly {
        var objects: [[UInt8]] = [ObjectBytes.ascii("k")]
        for level in 0..<count {
            objects.append(
                level == count - 1
                    ? ObjectBytes.dict(keys: [], values: [])
                    : ObjectBytes.dict(keys: [0], values: [UInt64(level + 2)], ref: 2))
        }
        var assembly = BPlistAssembly(objects: objects, refSize: 2)
        assembly.topObject = 1
        return assembly
    }

    static func mixedChain(_ count: Int) -> BPlistAssembly {
        var objects: [[UInt8]] = []
        for level in 0..<(count - 1) {
            let next = [UInt64(level + 1)]
            objects.append(level % 2 == 0 ? ObjectBytes.array(next, ref: 2) : ObjectBytes.set(next, ref: 2))
        }
        objects.append(ObjectBytes.int(0))
        return BPlistAssembly(objects: objects, refSize: 2)
    }

    static func encodings() -> [GeneratedVector] {
        let ascii = "bplist.string.ascii"
        let utf16 = "bplist.string.utf16"
        func units(_ list: [UInt16]) -> [UInt8] { PlistInvalidFamily.single(ObjectBytes.utf16(units: list)).bytes() }
        func bytes(_ list: [UInt8]) -> [UInt8] { PlistInvalidFamily.single(ObjectBytes.ascii(list)).bytes() }
        return [
            bad(
                "ascii-byte-e9", bytes([0x44, 0xE9, 0x63]), .encoding, "ASCII string with byte 0xE9 (Latin-1 é)",
                spec: ascii, tags: [.string, .ascii]),
            bad(
                "ascii-holds-utf8", bytes([0x44, 0xC3, 0xA9]), .encoding, "ASCII marker holding UTF-8 C3 A9",
                spec: ascii, tags: [.string, .ascii]),
            bad(
                "ascii-byte-80", bytes([0x80]), .encoding, "ASCII string of the byte 0x80", spec: ascii,
                tags: [.string, .ascii]),
            bad(
                "ascii-byte-ff", bytes([0x61, 0xFF]), .encoding, "ASCII string ending in 0xFF", spec: ascii,
                tags: [.string, .ascii]),
            bad(
                "ascii-key-byte-e9",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1], values: [2]), ObjectBytes.ascii([0x6E, 0xE9]),
                    ObjectBytes.ascii("v"),
                ]).bytes(),
                .encoding, "a dictionary key with byte 0xE9", spec: ascii, tags: [.string, .ascii, .dictionary]),
            bad(
                "utf16-lone-high-surrogate", units([0x44, 0xD83D, 0x63]), .encoding,
                "UTF-16 lone high surrogate between letters",
                spec: utf16, tags: [.string, .utf16]),
            bad(
                "utf16-lone-low-surrogate", units([0x44, 0xDE00]), .encoding, "UTF-16 lone low surrogate",
                spec: utf16, tags: [.string, .utf16]),
            bad(
                "utf16-high-surrogate-at-end", units([0x61, 0x62, 0xD800]), .encoding,
                "UTF-16 string ending in a high surrogate",
                spec: utf16, tags: [.string, .utf16]),
            bad(
                "utf16-reversed-pair", units([0xDE00, 0xD83D]), .encoding, "low surrogate before high surrogate",
                spec: utf16, tags: [.string, .utf16]),
            bad(
                "utf16-two-high-surrogates", units([0xD83D, 0xD83D, 0xDE00]), .encoding,
                "a high surrogate followed by a complete pair", spec: utf16, tags: [.string, .utf16]),
        ]
    }

    static func keys() -> [GeneratedVector] {
        let spec = "bplist.dictionary.key-type"
        func key(_ name: String, _ object: [UInt8], _ what: String, level: VectorLevel = .recommended)
            -> GeneratedVector
        {
            bad(
                name,
                BPlistAssembly(objects: [ObjectBytes.dict(keys: [1], values: [2]), object, ObjectBytes.ascii("v")])
                    .bytes(),
                .keyType,
                "a dictionary key that is \(what)", spec: spec, tags: [.nonStringKey, .dictionary], level: level)
        }
        let dup = "bplist.dictionary.unique-keys"
        return [
            key("key-integer", ObjectBytes.int(5), "an integer (CF and plistlib accept it)"),
            key("key-real", ObjectBytes.real(1.5), "a real"),
            key("key-bool", ObjectBytes.bool(true), "true"),
            key("key-data", ObjectBytes.data([0x6B]), "data"),
            key("key-date", ObjectBytes.date(0), "a date"),
            key("key-uid", ObjectBytes.uid([1]), "a UID"),
            key("key-null", ObjectBytes.null, "null"),
            key("key-array", ObjectBytes.array([]), "an array (every decoder rejects it)", level: .required),
            key(
                "key-dict", ObjectBytes.dict(keys: [], values: []), "a dictionary (every decoder rejects it)",
                level: .required),
            key("key-set", ObjectBytes.set([]), "a set", level: .required),
            bad(
                "duplicate-key-two-objects",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1, 2], values: [3, 4]), ObjectBytes.ascii("name"),
                    ObjectBytes.ascii("name"),
                    ObjectBytes.ascii("first"), ObjectBytes.ascii("second"),
                ]).bytes(),
                .duplicateKey, "two key objects with the text \"name\"", spec: dup, tags: [.duplicateKey],
                level: .recommended),
            bad(
                "duplicate-key-same-object",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1, 1], values: [2, 3]), ObjectBytes.ascii("name"),
                    ObjectBytes.ascii("first"),
                    ObjectBytes.ascii("second"),
                ]).bytes(),
                .duplicateKey, "one key object referenced twice", spec: dup, tags: [.duplicateKey, .sharedObject],
                level: .recommended),
            bad(
                "duplicate-key-ascii-and-utf16",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1, 2], values: [3, 4]), ObjectBytes.ascii("name"),
                    ObjectBytes.utf16("name"),
                    ObjectBytes.ascii("first"), ObjectBytes.ascii("second"),
                ]).bytes(),
                .duplicateKey, "\"name\" once as ASCII and once as UTF-16", spec: dup, tags: [.duplicateKey, .utf16],
                level: .recommended),
            bad(
                "duplicate-key-in-document-source",
                PlistInvalidFamily.with {
                    $0.objects[0] = ObjectBytes.dict(keys: [1, 2, 3, 2], values: [5, 6, 7, 8])
                },
                .duplicateKey, "the x-document-source dictionary with \"identifier\" twice (and no \"path\")",
                spec: dup,
                tags: [.duplicateKey], level: .recommended),
        ]
    }

    static func limits() -> [GeneratedVector] {
        let trailer = "bplist.trailer.num-objects"
        let length = "bplist.length.within-objects"
        let limit = "bplist.limit.value"
        func single(_ object: [UInt8]) -> [UInt8] { PlistInvalidFamily.single(object).bytes() }
        return [
            bad(
                "num-objects-times-offset-size-overflows",
                PlistInvalidFamily.with {
                    $0.numObjects = (1 << 61) + 1
                    $0.offsetSize = 8
                }, .trailer, "numObjects 2^61+1 with 8-byte offsets: the table size overflows 64 bits", spec: trailer,
                tags: [.limit, .trailer]),
            bad(
                "num-objects-2-pow-63-ref-8",
                PlistInvalidFamily.with {
                    $0.numObjects = 1 << 63
                    $0.refSize = 8
                    $0.objects[0] = ObjectBytes.dict(keys: [1, 2, 3, 4], values: [5, 6, 7, 8], ref: 8)
                }, .trailer, "numObjects 2^63 (beyond a signed 64-bit count)", spec: trailer, tags: [.limit, .trailer]),
            bad(
                "array-count-times-ref-overflows", lastObject([0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]), .length,
                "array count 2^62 whose byte size (count x ref size 8) overflows", spec: length, tags: [.limit, .array]),
            bad(
                "dict-count-2-pow-63", lastObject([0xDF, 0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]), .length,
                "dictionary count 2^63 (go-plist makeslice panic)", spec: length, tags: [.limit, .dictionary]),
            bad(
                "uid-over-64-bits", single(ObjectBytes.uid([0x01] + [UInt8](repeating: 0, count: 15))), .limit,
                "a 16-byte UID above 2^64 (CF keeps 32 bits, plistlib any size)", spec: limit, tags: [.limit, .uid],
                level: .recommended),
            bad(
                "int-16-byte-above-2-pow-64", single(ObjectBytes.int16(high: 0x7FFF_FFFF_FFFF_FFFF, low: 0)), .limit,
                "a positive 16-byte integer far above 2^64 (CF keeps the low half: 0)", spec: limit,
                tags: [.limit, .integer], level: .recommended),
            bad(
                "date-minus-infinity", single(ObjectBytes.date(-.infinity)), .limit, "a date of -infinity", spec: limit,
                tags: [.limit, .date], level: .recommended),
            bad(
                "date-plus-infinity", single(ObjectBytes.date(.infinity)), .limit, "a date of +infinity", spec: limit,
                tags: [.limit, .date], level: .recommended),
            bad(
                "date-nan", single(ObjectBytes.date(.nan)), .limit, "a NaN date", spec: limit, tags: [.limit, .date],
                level: .recommended),
            bad(
                "date-far-future", single(ObjectBytes.date(1e17)), .limit, "a date 3 billion years ahead", spec: limit,
                tags: [.limit, .date], level: .recommended),
            bad(
                "date-year-11000", single(ObjectBytes.date(3.0e11)), .limit,
                "a date near the year 11 500 (beyond 9999)",
                spec: limit, tags: [.limit, .date], level: .recommended),
        ]
    }
}
