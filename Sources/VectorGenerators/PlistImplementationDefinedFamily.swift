// Sources/VectorGenerators/PlistImplementationDefinedFamily.swift - plist/implementation-defined

import ConformanceModel

/// Documents on which decoders legitimately differ (catalogue §2); judged, never failed.
public enum PlistImplementationDefinedFamily {
    static let made = "generator: PlistImplementationDefinedFamily (BPlistAssembler)"

    static func vector(_ name: String, _ bytes: [UInt8], _ description: String, spec: String, tags: [VectorTag])
        -> GeneratedVector
    {
        GeneratedVector(
            .plist, .implementationDefined, name, input: bytes, description: description, spec: spec,
            level: .implementationDefined, tags: tags, made: made)
    }

    static func single(_ value: [UInt8]) -> [UInt8] { PlistInvalidFamily.single(value).bytes() }

    public static func vectors() -> [GeneratedVector] {
        headers() + values() + widths()
    }

    static func headers() -> [GeneratedVector] {
        let body = Array(PlistInvalidFamily.base.bytes().dropFirst(8))
        var out = (1...9).map { digit in
            vector(
                "header-bplist0\(digit)", Array("bplist0\(digit)".utf8) + body,
                "version \"0\(digit)\": CoreFoundation checks only \"bplist0\"", spec: "bplist.header.version",
                tags: [.header])
        }
        out.append(
            vector(
                "header-bplist0x", Array("bplist0x".utf8) + body, "version \"0x\": CoreFoundation accepts any 8th byte",
                spec: "bplist.header.version", tags: [.header]))
        return out
    }

    static func values() -> [GeneratedVector] {
        let dup = "bplist.dictionary.unique-keys"
        let keys = "bplist.dictionary.key-type"
        return [
            vector(
                "duplicate-key-equal-values",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1, 2], values: [3, 3]), ObjectBytes.ascii("name"),
                    ObjectBytes.ascii("name"),
                    ObjectBytes.ascii("same"),
                ]).bytes(),
                "two \"name\" keys with equal values: no reader can pick a different winner", spec: dup,
                tags: [.duplicateKey]),
            vector(
                "duplicate-key-empty-string",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1, 2], values: [3, 4]), ObjectBytes.ascii(""), ObjectBytes.utf16(units: []),
                    ObjectBytes.int(1), ObjectBytes.int(2),
                ]).bytes(),
                "the empty key once as ASCII and once as UTF-16", spec: dup, tags: [.duplicateKey, .utf16]),
            vector(
                "key-integer-beside-strings",
                PlistInvalidFamily.with {
                    $0.objects += [ObjectBytes.int(5), ObjectBytes.ascii("x")]
                    $0.objects[0] = ObjectBytes.dict(keys: [1, 2, 3, 4, 9], values: [5, 6, 7, 8, 10])
                }, "the x-document-source dictionary plus an integer key 5", spec: keys, tags: [.nonStringKey]),
            vector(
                "key-real-beside-string",
                BPlistAssembly(objects: [
                    ObjectBytes.dict(keys: [1, 2], values: [3, 3]), ObjectBytes.ascii("name"), ObjectBytes.real(2.5),
                    ObjectBytes.ascii("v"),
                ]).bytes(),
                "a string key and a real key 2.5 (CF accepts primitive keys; plistlib too)", spec: keys,
                tags: [.nonStringKey, .real]),
            vector(
                "null-root", BPlistAssembly(objects: [ObjectBytes.null]).bytes(), "the root is null (0x00)",
                spec: "bplist.marker.null", tags: [.null]),
            vector(
                "null-in-array", BPlistAssembly(objects: [ObjectBytes.array([1, 1]), ObjectBytes.null]).bytes(),
                "an array of two nulls",
                spec: "bplist.marker.null", tags: [.null, .array]),
            vector(
                "null-dict-value", single(ObjectBytes.null), "a dictionary value that is null",
                spec: "bplist.marker.null",
                tags: [.null, .dictionary]),
            vector(
                "fill-root", BPlistAssembly(objects: [ObjectBytes.fill]).bytes(),
                "the root is a fill byte (plistlib: b'')",
                spec: "bplist.marker.fill", tags: [.fill]),
            vector(
                "fill-in-array", BPlistAssembly(objects: [ObjectBytes.array([1]), ObjectBytes.fill]).bytes(),
                "an array holding a fill byte",
                spec: "bplist.marker.fill", tags: [.fill, .array]),
            vector(
                "count-16-byte-int", single([0x5F] + ObjectBytes.int16(high: 0, low: 3) + Array("abc".utf8)),
                "string count 3 given as a 16-byte integer (plistlib reads a 1-byte count)", spec: "bplist.count.long",
                tags: [.count, .integer]),
            vector(
                "count-16-byte-int-high-half", single([0x5F] + ObjectBytes.int16(high: 1, low: 3) + Array("abc".utf8)),
                "string count with a non-zero high half (CF keeps the low 64 bits: 3)", spec: "bplist.count.long",
                tags: [.count, .integer]),
            vector(
                "int-16-byte-2-pow-64", single(ObjectBytes.int16(high: 1, low: 0)),
                "2^64 as a 16-byte integer: CF reads 0, plistlib 2^64", spec: "bplist.marker.integer", tags: [.integer]),
            vector(
                "int-16-byte-all-ones", single(ObjectBytes.int16(high: UInt64.max, low: UInt64.max)),
                "16 bytes of 0xFF: CF reads 2^64-1, plistlib -1", spec: "bplist.marker.integer", tags: [.integer]),
            vector(
                "int-16-byte-minus-two", single(ObjectBytes.int16(high: UInt64.max, low: UInt64.max - 1)),
                "-2 in 128-bit two's complement", spec: "bplist.marker.integer", tags: [.integer]),
            vector(
                "uid-9-bytes", single(ObjectBytes.uid([UInt8](repeating: 1, count: 9))), "a 9-byte UID (0x88)",
                spec: "bplist.marker.uid", tags: [.uid]),
            vector(
                "uid-2-pow-32", single(ObjectBytes.uid([1, 0, 0, 0, 0])), "UID 2^32 (CF keeps UIDs to 32 bits)",
                spec: "bplist.marker.uid", tags: [.uid]),
            vector(
                "uid-16-bytes", single(ObjectBytes.uid([UInt8](repeating: 0, count: 15) + [1])), "a 16-byte UID (0x8F)",
                spec: "bplist.marker.uid", tags: [.uid]),
        ]
    }

    static func widths() -> [GeneratedVector] {
        var offsets = PlistInvalidFamily.base
        offsets.offsetSize = 16
        var offsetBytes = offsets.bytes()
        offsetBytes[104 + 16 * 8] = 0x01  // high half of the last entry
        var refs = PlistInvalidFamily.base
        refs.refSize = 16
        refs.objects[0] = ObjectBytes.dict(keys: [1, 2, 3, 4], values: [5, 6, 7, 8], ref: 16)
        var refBytes = refs.bytes()
        refBytes[9 + 16 * 7] = 0x01  // high half of the last value reference
        return [
            vector(
                "offset-size-16-high-half", offsetBytes,
                "a 16-byte offset whose high half is non-zero (CF keeps the low 64 bits)",
                spec: "bplist.trailer.offset-size", tags: [.offsetTable]),
            vector(
                "ref-size-16-high-half", refBytes,
                "a 16-byte reference whose high half is non-zero (CF keeps the low 64 bits)",
                spec: "bplist.trailer.ref-size", tags: [.objectRef]),
        ]
    }
}
