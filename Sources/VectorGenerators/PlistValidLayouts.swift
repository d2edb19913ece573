// Sources/VectorGenerators/PlistValidLayouts.swift - plist/valid: containers, widths, layouts

import ConformanceModel

extension PlistValidFamily {
    /// `count` integers 0..<count in one array; objects are the array then each integer.
    static func intArray(_ count: Int, ref: Int = 1) -> (BPlistAssembly, Intended) {
        var objects = [Obj.counted(0xA, count) + Obj.refs((0..<count).map { UInt64($0 + 1) }, ref)]
        objects += (0..<count).map { Obj.int(Int64($0)) }
        return (BPlistAssembly(objects: objects, refSize: ref), .array((0..<count).map { .int(Int64($0)) }))
    }

    /// A dictionary of `count` keys `k00…` with integer values.
    static func intDict(_ count: Int) -> (BPlistAssembly, Intended) {
        let keys = (0..<count).map { $0 < 10 ? "k0\($0)" : "k\($0)" }
        var objects = [
            Obj.dict(keys: (0..<count).map { UInt64(1 + $0) }, values: (0..<count).map { UInt64(1 + count + $0) })
        ]
        objects += keys.map { Obj.ascii($0) }
        objects += (0..<count).map { Obj.int(Int64($0)) }
        return (
            BPlistAssembly(objects: objects),
            .dictionary(zip(keys, (0..<count).map { Intended.int(Int64($0)) }).map { $0 })
        )
    }

    /// The x-document-source dictionary in the canonical layout (catalogue §4.2, 145 bytes for these values).
    public static func documentSource(
        identifier: String = "com.example.doc", name: String = "Doc", path: String = "/tmp/a",
        appInfoURL: String = "https://example.com/app"
    ) -> (BPlistAssembly, Intended) {
        let keys = ["appInfoURL", "identifier", "name", "path"]
        let values = [appInfoURL, identifier, name, path]
        let objects =
            [Obj.dict(keys: [1, 2, 3, 4], values: [5, 6, 7, 8])] + keys.map(Obj.string) + values.map(Obj.string)
        return (BPlistAssembly(objects: objects), .dictionary(zip(keys, values.map { Intended.string($0) }).map { $0 }))
    }

    static func containers() -> [GeneratedVector] {
        var out: [GeneratedVector] = []
        for count in [0, 1, 14, 15] {
            let (assembly, value) = intArray(count)
            out.append(
                vector(
                    "array-\(count)", assembly, value, "array of \(count) integers",
                    spec: count >= 15 ? "bplist.count.long" : "bplist.marker.array", tags: [.array, .count]))
        }
        for count in [0, 1, 14, 15] {
            let (assembly, value) = intDict(count)
            out.append(
                vector(
                    "dict-\(count)", assembly, value, "dictionary of \(count) string keys",
                    spec: count >= 15 ? "bplist.count.long" : "bplist.marker.dictionary", tags: [.dictionary, .count]))
        }
        let (base, baseValue) = documentSource()
        out.append(
            vector(
                "x-document-source-canonical", base, baseValue,
                "the 145-byte 4-key x-document-source dictionary plistlib writes",
                spec: "bplist.canonical", tags: [.canonical, .dictionary, .string]))
        out.append(
            vector(
                "dict-utf16-key",
                BPlistAssembly(objects: [Obj.dict(keys: [1], values: [2]), Obj.utf16("näme"), Obj.ascii("v")]),
                .dictionary([("näme", .string("v"))]), "a UTF-16 dictionary key", spec: "bplist.marker.dictionary",
                tags: [.dictionary, .utf16]))
        out.append(
            vector(
                "dict-keys-unsorted",
                BPlistAssembly(objects: [
                    Obj.dict(keys: [1, 2], values: [3, 4]), Obj.ascii("zeta"),
                    Obj.ascii("alpha"), Obj.int(1), Obj.int(2),
                ]),
                .dictionary([("zeta", .int(1)), ("alpha", .int(2))]), "keys stored out of sorted order",
                spec: "bplist.marker.dictionary", tags: [.dictionary]))
        out.append(
            vector(
                "dict-proto-key",
                BPlistAssembly(objects: [
                    Obj.dict(keys: [1], values: [2]), Obj.ascii("__proto__"),
                    Obj.dict(keys: [], values: []),
                ]),
                .dictionary([("__proto__", .dictionary([]))]), "the key \"__proto__\" is an ordinary key",
                spec: "bplist.marker.dictionary", tags: [.dictionary]))
        out.append(
            vector(
                "dict-empty-key",
                BPlistAssembly(objects: [Obj.dict(keys: [1], values: [2]), Obj.ascii(""), Obj.bool(true)]),
                .dictionary([("", .bool(true))]), "the empty string as a key", spec: "bplist.marker.dictionary",
                tags: [.dictionary]))
        out.append(
            vector(
                "nested-every-type",
                BPlistAssembly(objects: [
                    Obj.dict(keys: [1, 2], values: [3, 4]), Obj.ascii("a"), Obj.ascii("d"),
                    Obj.array([5, 6, 7, 8, 9]), Obj.dict(keys: [10], values: [11]),
                    Obj.int(-7), Obj.real(2.5), Obj.date(60), Obj.data([7]), Obj.set([12]), Obj.ascii("k"),
                    Obj.array([]), Obj.bool(false),
                ]),
                .dictionary([
                    ("a", .array([.int(-7), .double(2.5), .seconds(60), .data([7]), .set([.bool(false)])])),
                    ("d", .dictionary([("k", .array([]))])),
                ]),
                "nested containers with a value of each scalar kind", spec: "bplist.marker.dictionary",
                tags: [.dictionary, .array, .set]))
        out.append(
            vector(
                "set-in-dict",
                BPlistAssembly(objects: [
                    Obj.dict(keys: [1], values: [2]), Obj.ascii("s"), Obj.set([3]), Obj.ascii("x"),
                ]),
                .dictionary([("s", .set([.string("x")]))]), "a set as a dictionary value",
                spec: "bplist.marker.set", tags: [.set, .dictionary]))
        return out
    }

    static func widths() -> [GeneratedVector] {
        var out: [GeneratedVector] = []
        for width in [1, 2, 3, 4, 5, 6, 7, 8, 16] {
            var (assembly, value) = documentSource()
            assembly.offsetSize = width
            out.append(
                vector(
                    "offset-size-\(width)", assembly, value, "offset-table entries \(width) bytes wide",
                    spec: "bplist.trailer.offset-size", tags: [.offsetTable, .trailer]))
        }
        for width in [1, 2, 3, 4, 5, 6, 7, 8, 16] {
            let (_, value) = documentSource()
            var assembly = documentSource().0
            assembly.objects[0] = Obj.dict(keys: [1, 2, 3, 4], values: [5, 6, 7, 8], ref: width)
            assembly.refSize = width
            out.append(
                vector(
                    "ref-size-\(width)", assembly, value, "object references \(width) bytes wide",
                    spec: "bplist.trailer.ref-size", tags: [.objectRef, .trailer]))
        }
        let (a255, v255) = intArray(254)
        out.append(
            vector(
                "objects-255-ref-1", a255, v255, "255 objects: the most a 1-byte reference can address",
                spec: "bplist.trailer.ref-size", tags: [.objectRef, .count]))
        let (a256, v256) = intArray(255, ref: 2)
        out.append(
            vector(
                "objects-256-ref-2", a256, v256, "256 objects need 2-byte references",
                spec: "bplist.trailer.ref-size", tags: [.objectRef, .count]))
        var big = intArray(300, ref: 2).0
        big.objects[1] = Obj.data([UInt8](repeating: 0xAB, count: 300))
        out.append(
            vector(
                "offset-size-2-needed", big,
                .array([.data([UInt8](repeating: 0xAB, count: 300))] + (1..<300).map { .int(Int64($0)) }),
                "an offset table past byte 255 needs 2-byte offsets", spec: "bplist.trailer.offset-size",
                tags: [.offsetTable, .count]))
        let large = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        out.append(
            vector(
                "offset-size-3-past-64-kib",
                BPlistAssembly(objects: [Obj.array([1, 2]), Obj.data(large), Obj.bool(true)]),
                .array([.data(large), .bool(true)]),
                "a 70 000-byte data object: the table starts past 65 535 and 3-byte offsets suffice (Xcode, libplist)",
                spec: "bplist.trailer.offset-size", tags: [.offsetTable, .data]))
        return out
    }

    static func layouts() -> [GeneratedVector] {
        var out: [GeneratedVector] = []
        let (base, value) = documentSource()
        var reversed = base
        reversed.placement = Array(base.objects.indices.reversed())
        out.append(
            vector(
                "objects-reverse-order", reversed, value, "objects laid out in reverse index order",
                spec: "bplist.layout.order", tags: [.outOfOrder]))
        var gaps = base
        gaps.padding = [3: [0, 0, 0], 6: [0xFF]]
        out.append(
            vector(
                "gaps-between-objects", gaps, value, "unreferenced bytes between objects",
                spec: "bplist.layout.gap", tags: [.gap]))
        var gapTable = base
        gapTable.beforeTable = [0xAA, 0xBB, 0xCC]
        out.append(
            vector(
                "gap-before-offset-table", gapTable, value, "three unused bytes between objects and table",
                spec: "bplist.layout.gap", tags: [.gap, .offsetTable]))
        var topLast = base
        topLast.placement = Array(base.objects.indices)
        topLast.objects = Array(base.objects[1...]) + [Obj.dict(keys: [0, 1, 2, 3], values: [4, 5, 6, 7])]
        topLast.topObject = 8
        out.append(
            vector(
                "top-object-last", topLast, value, "the root is the last object (top = 8)",
                spec: "bplist.trailer.top-object", tags: [.trailer, .outOfOrder]))
        var junk = base
        junk.unused = [1, 2, 3, 4, 5]
        junk.sortVersion = 7
        out.append(
            vector(
                "trailer-unused-bytes-set", junk, value, "non-zero unused and sortVersion trailer bytes",
                spec: "bplist.trailer.unused", tags: [.trailer]))
        let shared = BPlistAssembly(objects: [
            Obj.dict(keys: [1, 2], values: [3, 3]), Obj.ascii("name"), Obj.ascii("path"), Obj.ascii("same"),
        ])
        out.append(
            vector(
                "shared-value-object", shared, .dictionary([("name", .string("same")), ("path", .string("same"))]),
                "two values reference one object", spec: "bplist.layout.shared", tags: [.sharedObject]))
        let keyAsValue = BPlistAssembly(objects: [
            Obj.dict(keys: [1, 2], values: [2, 1]), Obj.ascii("name"), Obj.ascii("path"),
        ])
        out.append(
            vector(
                "key-object-as-value", keyAsValue, .dictionary([("name", .string("path")), ("path", .string("name"))]),
                "key objects double as values", spec: "bplist.layout.shared", tags: [.sharedObject]))
        var twoIndices = BPlistAssembly(objects: [Obj.array([1, 2]), Obj.ascii("x"), Obj.ascii("unused")])
        twoIndices.offsetOverride = [2: twoIndices.offsets()[1]]
        out.append(
            vector(
                "two-indices-one-offset", twoIndices, .array([.string("x"), .string("x")]),
                "offset-table entries 1 and 2 point at the same object", spec: "bplist.layout.shared",
                tags: [.sharedObject, .offsetTable]))
        let orphan = BPlistAssembly(objects: [Obj.array([2]), Obj.bool(true), Obj.ascii("kept"), Obj.int(9)])
        out.append(
            vector(
                "unreferenced-objects", orphan, .array([.string("kept")]),
                "objects nobody references (CF writes such duplicate booleans)", spec: "bplist.layout.gap",
                tags: [.gap]))
        out.append(
            vector(
                "fan-out-depth-8", fanOut(depth: 8), fanOutValue(depth: 8),
                "each level's array holds the next level twice: 256 leaves from 9 objects",
                spec: "bplist.layout.shared", tags: [.sharedObject, .fanOut]))
        out.append(
            vector(
                "nesting-512", nested(512), nestedValue(512), "512 nested arrays (CoreFoundation's limit)",
                spec: "bplist.limit.depth", tags: [.depth, .array]))
        return out
    }

    /// `depth` arrays each holding the next twice, then a leaf integer.
    static func fanOut(depth: Int) -> BPlistAssembly {
        var objects = (0..<depth).map { Obj.array([UInt64($0 + 1), UInt64($0 + 1)]) }
        objects.append(Obj.int(1))
        return BPlistAssembly(objects: objects)
    }

    static func fanOutValue(depth: Int) -> Intended {
        depth == 0 ? .int(1) : .array([fanOutValue(depth: depth - 1), fanOutValue(depth: depth - 1)])
    }

    /// `count` nested arrays, the innermost empty.
    static func nested(_ count: Int, dictionaries: Bool = false) -> BPlistAssembly {
        let ref = Obj.minimalWidth(UInt64(count))
        var objects: [[UInt8]] = (0..<(count - 1)).map { Obj.array([UInt64($0 + 1)], ref: ref) }
        objects.append(Obj.array([]))
        return BPlistAssembly(objects: objects, refSize: ref)
    }

    static func nestedValue(_ count: Int) -> Intended {
        var value = Intended.array([])
        for _ in 1..<count { value = .array([value]) }
        return value
    }
}
