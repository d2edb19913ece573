// Sources/VectorGenerators/PlistInvalidFamily.swift - plist/invalid: one fault each (structure)

import ConformanceModel

/// Invalid documents, each the canonical x-document-source dictionary (or a tiny document) with one fault.
public enum PlistInvalidFamily {
    static let made = "generator: PlistInvalidFamily (BPlistAssembler)"

    static func bad(
        _ name: String, _ bytes: [UInt8], _ error: VectorErrorCategory, _ description: String, spec: String,
        tags: [VectorTag], level: VectorLevel = .required
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .invalid, name, input: bytes, description: description, spec: spec, level: level, tags: tags,
            error: error, made: made)
    }

    /// The canonical 145-byte dictionary: dict @8, keys @17 @28 @39 @44, values @49 @75 @93 @97, table @104.
    static var base: BPlistAssembly { PlistValidFamily.documentSource().0 }

    static func with(_ change: (inout BPlistAssembly) -> Void) -> [UInt8] {
        var assembly = base
        change(&assembly)
        return assembly.bytes()
    }

    /// `{"k": object}` with the value as object 2.
    static func single(_ value: [UInt8]) -> BPlistAssembly {
        BPlistAssembly(objects: [Obj.dict(keys: [1], values: [2]), Obj.ascii("k"), value])
    }

    public static func vectors() -> [GeneratedVector] {
        header() + trailer() + offsetTable() + objectRefs() + markers() + PlistInvalidPayloads.vectors()
    }

    static func header() -> [GeneratedVector] {
        let body = Array(base.bytes().dropFirst(8))
        func magic(_ text: String) -> [UInt8] { Array(text.utf8) + body }
        let spec = "bplist.header.magic"
        return [
            bad("empty-input", [], .header, "zero bytes", spec: spec, tags: [.header, .truncation]),
            bad("one-byte", [0x62], .header, "the single byte \"b\"", spec: spec, tags: [.header, .truncation]),
            bad(
                "seven-bytes", Array("bplist0".utf8), .header, "\"bplist0\" without its last digit", spec: spec,
                tags: [.header, .truncation]),
            bad("magic-capital-b", magic("Bplist00"), .header, "magic \"Bplist00\"", spec: spec, tags: [.header]),
            bad("magic-xplist", magic("xplist00"), .header, "magic \"xplist00\"", spec: spec, tags: [.header]),
            bad(
                "version-10", magic("bplist10"), .header, "version \"10\" (bplist1x is another format)", spec: spec,
                tags: [.header]),
            bad("version-15", magic("bplist15"), .header, "version \"15\"", spec: spec, tags: [.header]),
            bad("version-16", magic("bplist16"), .header, "version \"16\"", spec: spec, tags: [.header]),
            bad(
                "version-nul", Array("bplist".utf8) + [0, 0] + body, .header, "version bytes 00 00", spec: spec,
                tags: [.header]),
            bad(
                "xml-document",
                Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n".utf8),
                .header, "an XML property list is not bplist00", spec: spec, tags: [.header, .xml]),
        ]
    }

    static func trailer() -> [GeneratedVector] {
        let table = "bplist.trailer.offset-table-offset"
        let count = "bplist.trailer.num-objects"
        let total = base.bytes().count
        var tooManyForRef = PlistValidFamily.intArray(256, ref: 1).0
        tooManyForRef.objects[0] = Obj.counted(0xA, 256) + Obj.refs((1...256).map { UInt64($0) }, 1)
        var tooFarForOffset = PlistValidFamily.intArray(300, ref: 2).0
        tooFarForOffset.offsetSize = 1
        return [
            bad(
                "header-and-zero-trailer", Array("bplist00".utf8) + [UInt8](repeating: 0, count: 32), .trailer,
                "header followed by an all-zero trailer (40 bytes)", spec: "bplist.trailer", tags: [.trailer]),
            bad(
                "offset-size-zero", with { $0.trailerOffsetSize = 0 }, .trailer, "offsetIntSize 0",
                spec: "bplist.trailer.offset-size", tags: [.trailer]),
            bad(
                "ref-size-zero", with { $0.refSize = 0 }, .trailer, "objectRefSize 0", spec: "bplist.trailer.ref-size",
                tags: [.trailer]),
            bad(
                "num-objects-zero", with { $0.numObjects = 0 }, .trailer, "numObjects 0", spec: count, tags: [.trailer]),
            bad(
                "num-objects-one-more", with { $0.numObjects = 10 }, .trailer,
                "numObjects one more than the table holds",
                spec: count, tags: [.trailer]),
            bad(
                "num-objects-one-less", with { $0.numObjects = 8 }, .trailer,
                "numObjects one less than the table holds",
                spec: count, tags: [.trailer]),
            bad(
                "num-objects-2-pow-62", with { $0.numObjects = 1 << 62 }, .trailer,
                "numObjects 2^62 in a 145-byte file",
                spec: count, tags: [.trailer, .limit]),
            bad(
                "top-equals-count", with { $0.topObject = 9 }, .trailer, "topObject = numObjects",
                spec: "bplist.trailer.top-object",
                tags: [.trailer]),
            bad(
                "top-max", with { $0.topObject = UInt64.max }, .trailer, "topObject 2^64-1",
                spec: "bplist.trailer.top-object",
                tags: [.trailer]),
            bad(
                "table-offset-zero", with { $0.tableOffset = 0 }, .trailer, "offsetTableOffset 0", spec: table,
                tags: [.trailer]),
            bad(
                "table-offset-eight", with { $0.tableOffset = 8 }, .trailer, "offsetTableOffset 8 overlaps the objects",
                spec: table, tags: [.trailer]),
            bad(
                "table-offset-in-trailer", with { $0.tableOffset = UInt64(total - 20) }, .trailer,
                "offsetTableOffset points into the trailer", spec: table, tags: [.trailer]),
            bad(
                "table-offset-past-end", with { $0.tableOffset = UInt64(total + 100) }, .trailer,
                "offsetTableOffset past the end of the file", spec: table, tags: [.trailer]),
            bad(
                "table-offset-max", with { $0.tableOffset = UInt64.max }, .trailer, "offsetTableOffset 2^64-1",
                spec: table,
                tags: [.trailer]),
            bad(
                "byte-after-trailer", with { $0.appended = [0] }, .trailer, "one byte appended after the trailer",
                spec: "bplist.trailer.length", tags: [.trailer]),
            bad(
                "byte-before-trailer", with { $0.afterTable = [0] }, .trailer,
                "one byte between offset table and trailer",
                spec: "bplist.trailer.length", tags: [.trailer, .gap]),
            bad(
                "offset-size-says-2", with { $0.trailerOffsetSize = 2 }, .trailer,
                "trailer says 2-byte offsets, table holds 1-byte ones", spec: "bplist.trailer.offset-size",
                tags: [.trailer]),
            bad(
                "ref-size-too-small-257-objects", tooManyForRef.bytes(), .trailer,
                "257 objects with 1-byte references (one cannot be addressed)", spec: "bplist.trailer.ref-size",
                tags: [.trailer, .objectRef]),
            bad(
                "offset-size-too-small", tooFarForOffset.bytes(), .trailer,
                "1-byte offsets cannot reach an offset table past byte 255", spec: "bplist.trailer.offset-size",
                tags: [.trailer, .offsetTable]),
        ]
    }

    static func offsetTable() -> [GeneratedVector] {
        let spec = "bplist.offset-table.range"
        let total = UInt64(base.bytes().count)
        var wide = base
        wide.offsetSize = 8
        wide.offsetOverride = [5: UInt64.max]
        return [
            bad(
                "offset-zero", with { $0.offsetOverride = [7: 0] }, .offsetTable,
                "a value's offset is 0 (inside the header)",
                spec: spec, tags: [.offsetTable]),
            bad(
                "offset-seven", with { $0.offsetOverride = [7: 7] }, .offsetTable,
                "a value's offset is 7 (last header byte)",
                spec: spec, tags: [.offsetTable]),
            bad(
                "offset-four", with { $0.offsetOverride = [2: 4] }, .offsetTable,
                "a key's offset is 4 (inside the header)",
                spec: spec, tags: [.offsetTable]),
            bad(
                "top-offset-zero", with { $0.offsetOverride = [0: 0] }, .offsetTable, "the root object's offset is 0",
                spec: spec, tags: [.offsetTable]),
            bad(
                "offset-equals-table-start", with { $0.offsetOverride = [8: 104] }, .offsetTable,
                "an offset points at the offset table itself", spec: spec, tags: [.offsetTable]),
            bad(
                "offset-inside-table", with { $0.offsetOverride = [8: 107] }, .offsetTable,
                "an offset points into the offset table",
                spec: spec, tags: [.offsetTable]),
            bad(
                "offset-in-trailer", with { $0.offsetOverride = [8: total - 8] }, .offsetTable,
                "an offset points into the trailer",
                spec: spec, tags: [.offsetTable]),
            bad(
                "offset-past-end", with { $0.offsetOverride = [8: total + 100] }, .offsetTable,
                "an offset past the end of the file",
                spec: spec, tags: [.offsetTable]),
            bad(
                "offset-max-8-byte", wide.bytes(), .offsetTable, "an 8-byte offset of 2^64-1", spec: spec,
                tags: [.offsetTable]),
        ]
    }

    static func objectRefs() -> [GeneratedVector] {
        let spec = "bplist.object-ref.range"
        func dict(_ keys: [UInt64], _ values: [UInt64], ref: Int = 1) -> [UInt8] {
            with {
                $0.objects[0] = Obj.dict(keys: keys, values: values, ref: ref)
                $0.refSize = ref
            }
        }
        return [
            bad(
                "dict-value-ref-equals-count", dict([1, 2, 3, 4], [5, 6, 7, 9]), .objectRef,
                "a value reference = numObjects",
                spec: spec, tags: [.objectRef]),
            bad(
                "dict-key-ref-equals-count", dict([1, 2, 3, 9], [5, 6, 7, 8]), .objectRef,
                "a key reference = numObjects",
                spec: spec, tags: [.objectRef]),
            bad(
                "dict-value-ref-ff", dict([1, 2, 3, 4], [5, 6, 7, 0xFF]), .objectRef, "a 1-byte value reference 0xFF",
                spec: spec, tags: [.objectRef]),
            bad(
                "ref-2-byte-max", dict([1, 2, 3, 4], [5, 6, 7, 0xFFFF], ref: 2), .objectRef,
                "a 2-byte reference 0xFFFF",
                spec: spec, tags: [.objectRef]),
            bad(
                "ref-8-byte-max", dict([1, 2, 3, 4], [5, 6, 7, UInt64.max], ref: 8), .objectRef,
                "an 8-byte reference 2^64-1",
                spec: spec, tags: [.objectRef]),
            bad(
                "array-ref-out-of-range",
                BPlistAssembly(objects: [Obj.array([1, 3]), Obj.int(1), Obj.int(2)]).bytes(),
                .objectRef, "an array element reference past the last object", spec: spec, tags: [.objectRef, .array]),
            bad(
                "set-ref-out-of-range", BPlistAssembly(objects: [Obj.set([1, 7]), Obj.int(1)]).bytes(), .objectRef,
                "a set element reference past the last object", spec: spec, tags: [.objectRef, .set]),
            bad(
                "nested-ref-out-of-range",
                BPlistAssembly(objects: [Obj.array([1]), Obj.array([2]), Obj.array([5])]).bytes(), .objectRef,
                "an inner array's reference past the last object", spec: spec, tags: [.objectRef, .array]),
        ]
    }

    static func markers() -> [GeneratedVector] {
        let spec = "bplist.marker.unknown"
        func marker(
            _ name: String, _ object: [UInt8], _ description: String, spec: String = spec,
            tags: [VectorTag] = []
        ) -> GeneratedVector {
            bad(name, single(object).bytes(), .marker, description, spec: spec, tags: [.marker] + tags)
        }
        return [
            marker("marker-01", [0x01], "marker 0x01 (unassigned simple object)"),
            marker("marker-0a", [0x0A], "marker 0x0A (unassigned simple object)"),
            marker("marker-url-0c", [0x0C] + Obj.ascii("https://x"), "marker 0x0C (URL, bplist1x only)"),
            marker("marker-url-base-0d", [0x0D], "marker 0x0D (URL with base, bplist1x only)"),
            marker("marker-uuid-0e", [0x0E] + [UInt8](repeating: 1, count: 16), "marker 0x0E (UUID, bplist1x only)"),
            marker(
                "marker-utf8-string-71", [0x71, 0x41], "marker 0x71 (UTF-8 string, bplist1x only)", tags: [.string]),
            marker("marker-ordset-b1", [0xB1, 0x01], "marker 0xB1 (ordered set, bplist1x only)", tags: [.set]),
            marker("marker-90", [0x90], "marker 0x90 (unassigned type nibble 9)"),
            marker("marker-e0", [0xE0], "marker 0xE0 (unassigned type nibble E)"),
            marker("marker-f0", [0xF0], "marker 0xF0 (unassigned type nibble F)"),
            marker("real-1-byte", [0x20, 0x3F], "real of 1 byte (0x20)", spec: "bplist.marker.real", tags: [.real]),
            marker(
                "real-2-bytes", [0x21, 0x3C, 0x00], "real of 2 bytes (0x21)", spec: "bplist.marker.real", tags: [.real]),
            marker(
                "real-16-bytes", [0x24] + [UInt8](repeating: 0, count: 16), "real of 16 bytes (0x24)",
                spec: "bplist.marker.real", tags: [.real]),
            marker(
                "date-marker-32", [0x32] + Obj.bigEndian(0, width: 8),
                "date marker 0x32 with 8 bytes (only 0x33 is a date)",
                spec: "bplist.marker.date", tags: [.date]),
            marker(
                "date-marker-34", [0x34] + [UInt8](repeating: 0, count: 16), "date marker 0x34",
                spec: "bplist.marker.date", tags: [.date]),
            marker(
                "int-32-bytes", [0x15] + [UInt8](repeating: 0, count: 31) + [7], "integer of 32 bytes (0x15)",
                spec: "bplist.marker.integer", tags: [.integer]),
            marker(
                "int-64-bytes", [0x16] + [UInt8](repeating: 0, count: 64), "integer of 64 bytes (0x16)",
                spec: "bplist.marker.integer", tags: [.integer]),
            marker(
                "count-marker-string", [0x5F, 0x50] + Array("abc".utf8), "long count given by a string marker 0x50",
                spec: "bplist.count.long", tags: [.count, .string]),
            marker(
                "count-marker-real", [0x4F, 0x23] + Obj.bigEndian(Double(2).bitPattern, width: 8) + [1, 2],
                "long count given by a real", spec: "bplist.count.long", tags: [.count, .data]),
            marker(
                "count-marker-bool", [0xAF, 0x09, 0x01], "long count given by true", spec: "bplist.count.long",
                tags: [.count, .array]),
        ]
    }
}
