// Sources/VectorGenerators/PlistRegressionFamily.swift - plist/regressions: published bugs (catalogue §3)

import ConformanceModel

/// One vector per published bplist CVE pattern and per crash found in another decoder.
public enum PlistRegressionFamily {
    static let made = "generator: PlistRegressionFamily (BPlistAssembler)"

    static func bad(
        _ name: String, _ bytes: [UInt8], _ error: VectorErrorCategory, _ description: String, spec: String,
        tags: [VectorTag], level: VectorLevel = .required
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .regressions, name, input: bytes, description: description, spec: spec, level: level,
            tags: tags, error: error, made: made)
    }

    static func good(
        _ name: String, _ assembly: BPlistAssembly, _ value: Intended, _ description: String, spec: String,
        tags: [VectorTag]
    ) -> GeneratedVector {
        GeneratedVector(
            .plist, .regressions, name, input: assembly.bytes(), expected: value.json(),
            description: description, spec: spec, tags: tags, made: made)
    }

    /// A tiny document whose root object is `object`.
    static func root(_ object: [UInt8]) -> [UInt8] { BPlistAssembly(objects: [object]).bytes() }

    static func base(_ change: (inout BPlistAssembly) -> Void) -> [UInt8] { PlistInvalidFamily.with(change) }

    public static func vectors() -> [GeneratedVector] { cves() + crashes() }

    static func cves() -> [GeneratedVector] {
        let max = UInt64.max
        return [
            bad(
                "cve-2017-5545-five-bytes", Array("bplis".utf8), .header,
                "libplist CVE-2017-5545: memcmp on a 5-byte input",
                spec: "bplist.header.magic", tags: [.cve, .header, .truncation]),
            bad(
                "cve-2017-5834-dict-ref-past-buffer",
                BPlistAssembly(objects: [Obj.dict(keys: [1], values: [0x7F]), Obj.ascii("k")]).bytes(), .objectRef,
                "libplist CVE-2017-5834: dictionary reference past the objects (heap over-read)",
                spec: "bplist.object-ref.range", tags: [.cve, .objectRef]),
            bad(
                "cve-2017-5835-offset-size-zero", base { $0.trailerOffsetSize = 0 }, .trailer,
                "libplist CVE-2017-5835: offset size 0 (allocation error)", spec: "bplist.trailer.offset-size",
                tags: [.cve, .trailer]),
            bad(
                "cve-2017-5836-integer-key",
                BPlistAssembly(objects: [Obj.dict(keys: [1], values: [2]), Obj.int(0x41), Obj.ascii("B")]).bytes(),
                .keyType, "libplist CVE-2017-5836: integer key 0x41 (type confusion, invalid free)",
                spec: "bplist.dictionary.key-type", tags: [.cve, .nonStringKey], level: .recommended),
            bad(
                "cve-2017-6435-ascii-count-4-gib", root([0x5F, 0x12, 0xFF, 0xF5, 0x00, 0x00]), .length,
                "libplist CVE-2017-6435: ASCII count 0xFFF50000 past the end (malloc fails, memcpy from NULL)",
                spec: "bplist.length.within-objects", tags: [.cve, .string, .count]),
            bad(
                "cve-2017-6436-ascii-count-wraps", root([0x5F, 0x13] + Obj.bigEndian(max, width: 8) + [0x41]), .length,
                "libplist CVE-2017-6436: ASCII count 2^64-1 so that size+1 wraps", spec: "bplist.length.within-objects",
                tags: [.cve, .string, .count]),
            bad(
                "cve-2017-6437-data-past-buffer", root([0x4F, 0x12, 0x00, 0x01, 0x00, 0x00, 0xAA]), .length,
                "libplist CVE-2017-6437: data length 65536 beyond the buffer (base64 over-read)",
                spec: "bplist.length.within-objects", tags: [.cve, .data, .count]),
            bad(
                "cve-2017-6438-utf16-count-wraps", root([0x6F, 0x13, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0x41]), .length,
                "libplist CVE-2017-6438: UTF-16 count 2^63 whose byte size wraps to 0",
                spec: "bplist.length.within-objects",
                tags: [.cve, .utf16, .count]),
            bad(
                "cve-2017-6439-ascii-count-u32-max", root([0x5F, 0x12, 0xFF, 0xFF, 0xFF, 0xFF]), .length,
                "libplist CVE-2017-6439: ASCII count 2^32-1 (write before a 1-byte buffer)",
                spec: "bplist.length.within-objects", tags: [.cve, .string, .count]),
            bad(
                "cve-2017-6440-table-offset-wraps", base { $0.tableOffset = 0xFFFF_0000_0000_0025 }, .trailer,
                "libplist CVE-2017-6440: offset table offset 0xFFFF000000000025 wraps pointers on 32-bit",
                spec: "bplist.trailer.offset-table-offset", tags: [.cve, .trailer]),
            bad(
                "cve-2017-7982-num-objects-overflow",
                base {
                    $0.numObjects = 0x8000_0000_0000_0003
                    $0.trailerOffsetSize = 255
                    $0.refSize = 255
                }, .trailer, "libplist CVE-2017-7982: numObjects 2^63+3 with offset and ref size 255 (size overflow)",
                spec: "bplist.trailer.num-objects", tags: [.cve, .limit, .trailer]),
            bad(
                "cve-2022-48564-huge-num-objects", base { $0.numObjects = 1 << 40 }, .trailer,
                "CPython CVE-2022-48564: numObjects 2^40 in a 145-byte file (read_ints CPU and memory DoS)",
                spec: "bplist.trailer.num-objects", tags: [.cve, .trailer]),
        ]
    }

    static func crashes() -> [GeneratedVector] {
        let (doc, _) = PlistValidFamily.documentSource()
        var withSet = doc
        withSet.objects[7] = Obj.set([3])
        let setValue = Intended.dictionary([
            ("appInfoURL", .string("https://example.com/app")), ("identifier", .string("com.example.doc")),
            ("name", .set([.string("name")])), ("path", .string("/tmp/a")),
        ])
        var fanOut = PlistValidFamily.fanOut(depth: 26)
        fanOut.topObject = 0
        var proto = doc
        proto.objects += [Obj.ascii("__proto__"), Obj.dict(keys: [], values: [])]
        proto.objects[0] = Obj.dict(keys: [9, 1, 2, 3, 4], values: [10, 5, 6, 7, 8])
        let (_, protoBase) = PlistValidFamily.documentSource()
        guard case .dictionary(var protoPairs) = protoBase else { return [] }
        protoPairs.append(("__proto__", .dictionary([])))
        let (dollar, dollarValue) = PlistValidFamily.documentSource(name: "$null")
        return [
            good(
                "corelibs-foundation-set-in-dict", withSet, setValue,
                "Linux PropertyListSerialization segfaults bridging a set (here the name value)",
                spec: "bplist.marker.set", tags: [.crash, .set]),
            good(
                "corelibs-foundation-set-root", BPlistAssembly(objects: [Obj.set([1]), Obj.ascii("a")]),
                .set([.string("a")]),
                "Linux PropertyListSerialization segfaults on a top-level set", spec: "bplist.marker.set",
                tags: [.crash, .set]),
            bad(
                "corelibs-foundation-header-only", Array("bplist00".utf8), .trailer,
                "\"bplist00\" alone: CoreFoundation falls back to OpenStep and returns the string \"bplist00\"",
                spec: "bplist.trailer", tags: [.crash, .truncation]),
            bad(
                "swift-foundation-utf16-over-read", PlistInvalidPayloads.lastObject([0x64, 0, 0x44, 0, 0x6F, 0, 0x63]),
                .length,
                "swift-foundation compares units with bytes: reads 2 bytes of the offset table into the string",
                spec: "bplist.length.within-objects", tags: [.crash, .utf16, .truncation]),
            bad(
                "swift-foundation-utf16-trap", PlistInvalidPayloads.lastObject([0x6F, 0x10, 0x40, 0, 0x41]), .length,
                "swift-foundation traps when twice the UTF-16 count passes the end of the file",
                spec: "bplist.length.within-objects", tags: [.crash, .utf16, .truncation]),
            bad(
                "swift-foundation-cycle-stack-overflow",
                BPlistAssembly(objects: [Obj.dict(keys: [1], values: [0]), Obj.ascii("name")]).bytes(), .cycle,
                "swift-foundation overflows the stack on a cycle with a recursive Decodable",
                spec: "bplist.graph.acyclic",
                tags: [.crash, .cycle]),
            bad(
                "nesting-10000", PlistValidFamily.nested(10_000).bytes(), .depth,
                "10 000 nested arrays: swift-foundation stack overflow, plistlib RecursionError",
                spec: "bplist.limit.depth", tags: [.crash, .depth]),
            bad(
                "libplist-nesting-100000", PlistValidFamily.nested(100_000).bytes(), .depth,
                "100 000 nested arrays: libplist 2.2 SIGSEGV", spec: "bplist.limit.depth", tags: [.crash, .depth]),
            good(
                "swift-foundation-dollar-null", dollar, dollarValue,
                "swift-foundation turns the string \"$null\" into nil", spec: "bplist.marker.string",
                tags: [.crash, .string]),
            good(
                "bplist-parser-proto-key", proto, .dictionary(protoPairs),
                "node bplist-parser lets a \"__proto__\" key replace the result's prototype",
                spec: "bplist.marker.dictionary", tags: [.crash, .dictionary]),
            GeneratedVector(
                .plist, .regressions, "fan-out-26-levels", input: fanOut.bytes(),
                description: "26 arrays each holding the next twice: 2^26 leaves from a 100-byte file "
                    + "(CoreFoundation bridging 55 s, libplist exponential); accept in linear time or reject",
                spec: "bplist.layout.shared", level: .implementationDefined, tags: [.crash, .fanOut, .sharedObject],
                made: made),
            bad(
                "go-plist-negative-string-length", root([0x5F, 0x13] + Obj.bigEndian(UInt64.max, width: 8)), .length,
                "go-plist builds a negative-length string from count 2^64-1", spec: "bplist.length.within-objects",
                tags: [.crash, .string, .count]),
            bad(
                "go-plist-data-slice-bounds", root([0x4F, 0x13] + Obj.bigEndian(UInt64.max - 1, width: 8) + [1]),
                .length,
                "go-plist panics slicing data of count 2^64-2", spec: "bplist.length.within-objects",
                tags: [.crash, .data, .count]),
            bad(
                "go-plist-makeslice", root([0xAF, 0x13, 0x20, 0, 0, 0, 0, 0, 0, 0]), .length,
                "go-plist panics in makeslice: array count 2^61, count x ref size wraps",
                spec: "bplist.length.within-objects",
                tags: [.crash, .array, .limit]),
            bad(
                "libplist-offset-zero", base { $0.offsetOverride = [7: 0] }, .offsetTable,
                "libplist before 581db7f parsed the header as an object at offset 0", spec: "bplist.offset-table.range",
                tags: [.crash, .offsetTable]),
            bad(
                "libplist-table-offset-beyond-buffer", base { $0.tableOffset = 1 << 32 }, .trailer,
                "libplist 15164eb: offset table offset beyond the buffer", spec: "bplist.trailer.offset-table-offset",
                tags: [.crash, .trailer]),
            bad(
                "libplist-node-offset-near-2-pow-64",
                base {
                    $0.offsetSize = 8
                    $0.offsetOverride = [6: UInt64.max - 15]
                }, .offsetTable, "libplist 9969b8e: object offset 2^64-16 overflows offset + size",
                spec: "bplist.offset-table.range",
                tags: [.crash, .offsetTable]),
            bad(
                "gnustep-string-at-end", root([0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]), .length,
                "GNUstep libs-base: string count 2^63-1 at the end of the objects, no bounds check",
                spec: "bplist.length.within-objects", tags: [.crash, .string, .count]),
            bad(
                "dd-plist-huge-num-objects", base { $0.numObjects = 1 << 32 }, .trailer,
                "dd-plist allocates 4 GB for numObjects 2^32 in a tiny file", spec: "bplist.trailer.num-objects",
                tags: [.crash, .trailer]),
            bad(
                "rust-plist-empty-offset-table", base { $0.numObjects = 0 }, .trailer,
                "rust plist fuzzer: an empty offset table", spec: "bplist.trailer.num-objects",
                tags: [.crash, .trailer]),
        ]
    }
}
