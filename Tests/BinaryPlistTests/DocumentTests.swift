// Tests/BinaryPlistTests/DocumentTests.swift - The flat document: reading in place, keys, materialising

import Foundation
import TestSupport
import Testing

@testable import BinaryPlist

/// A UTF-16BE string object (fewer than 15 units).
func utf16(_ text: String) -> [UInt8] {
    let units = Array(text.utf16)
    precondition(units.count < 15)
    return [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
}

/// A dictionary of `keys` (objects 1…n) each mapped to object n+1 (`true`).
func dictionaryFile(keys: [[UInt8]]) -> [UInt8] {
    let n = keys.count
    precondition(n < 250)
    let head: [UInt8] = n < 15 ? [0xD0 | UInt8(n)] : [0xDF, 0x10, UInt8(n)]
    let root = head + (1...n).map { UInt8($0) } + [UInt8](repeating: UInt8(n + 1), count: n)
    var builder = PlistBuilder([root] + keys + [[0x09]])
    builder.refSize = 1
    builder.offsetSize = 2
    return builder.bytes
}

@Suite struct DocumentTests {
    @Test func readsTheAttributeInPlace() throws {
        let bytes = hexBytes(documentSourceHex)
        let document = try BPlistDocument(bytes)
        #expect(document.kind(of: document.root) == .dictionary)
        #expect(document.count(of: document.root) == 4)
        let name = try #require(document.value(forKey: "name", in: document.root))
        #expect(document.kind(of: name) == .string)
        #expect(document.string(name, equals: "Doc"))
        #expect(!document.string(name, equals: "Do") && !document.string(name, equals: "Doc "))
        #expect(document.value(forKey: "missing", in: document.root) == nil)
        #expect(document.value(forKey: "name", in: name) == nil)
        #expect(document.propertyList() == (try BPlistDecoder.decode(bytes)))
    }

    /// Entries and elements by position give what the materialised value holds, in the root and in containers
    /// stored after other nodes (their children start further into the document's child list).
    @Test func entriesAndElementsByPositionAreTheValues() throws {
        let inner: PropertyListValue = .dictionary(["x": .integer(1), "y": .string("why")])
        let value: PropertyListValue = .dictionary([
            "list": .array([.string("a"), inner, .array([.integer(7), .bool(true)])]), "k": .string("v"),
        ])
        let document = try BPlistDocument(BPlistEncoder.encode(value))
        func rebuilt(_ object: BPlistDocument.Object) -> PropertyListValue {
            switch document.kind(of: object) {
            case .dictionary:
                var entries: [String: PropertyListValue] = [:]
                for position in 0..<document.count(of: object) {
                    let (key, value) = document.entry(position, of: object)
                    entries[document.string(key) ?? "?"] = rebuilt(value)
                }
                return .dictionary(entries)
            case .array:
                return .array((0..<document.count(of: object)).map { rebuilt(document.element($0, of: object)) })
            default:
                return document.propertyList(object)
            }
        }
        #expect(rebuilt(document.root) == value)
    }

    /// Keys are checked on a shorter path than values; the counts stay those of one visit per object.
    @Test func countsEachObjectOnceWhetherKeyOrValue() throws {
        var statistics = DecodingStatistics()
        _ = try BPlistDocument(hexBytes(documentSourceHex), rules: .strict, statistics: &statistics)
        // The dictionary, four keys (28 bytes), four values (47 bytes).
        #expect(statistics.objectsDecoded == 9)
        #expect(statistics.referencesReused == 0)
        #expect(statistics.payloadBytes == 75)
        let shared = BPlistEncoder.encode(.dictionary(["name": .string("name"), "path": .string("name")]))
        statistics = DecodingStatistics()
        _ = try BPlistDocument(shared, rules: .strict, statistics: &statistics)
        // The dictionary and its two keys; both values are the key object "name", met again.
        #expect(statistics.objectsDecoded == 3)
        #expect(statistics.referencesReused == 2)
        #expect(statistics.payloadBytes == 8)
    }

    @Test func readsEveryScalarKind() throws {
        let objects: [[UInt8]] = [
            [0xAA] + (1...10).map { UInt8($0) }, [0x00], [0x09], [0x13] + bigEndian(UInt64(bitPattern: -5), width: 8),
            [0x11, 0x01, 0x00], [0x23] + bigEndian(2.5.bitPattern, width: 8), [0x33] + bigEndian(0, width: 8),
            [0x42, 0xAB, 0xCD], ascii("abc"), utf16("é€"), [0x80, 0x07],
        ]
        let document = try BPlistDocument(PlistBuilder(objects).bytes)
        let root = document.root
        let values = (0..<10).map { document.element($0, of: root) }
        #expect(
            values.map { document.kind(of: $0) } == [
                .null, .bool, .integer, .integer, .real, .date, .data, .string, .string, .uid,
            ])
        #expect(document.bool(values[1]) == true)
        #expect(document.integer(values[2]) == -5 && document.integer(values[3]) == 256)
        #expect(document.real(values[4]) == 2.5 && document.date(values[5]) == 0)
        #expect(document.data(values[6]) == [0xAB, 0xCD])
        #expect(document.string(values[7]) == "abc" && document.string(values[8]) == "é€")
        #expect(document.uid(values[9]) == 7)
        #expect(document.integer(values[7]) == nil && document.string(values[2]) == nil)
    }

    /// `bool` reads each boolean as itself (readsEveryScalarKind has only `true`, so `false` read as `true` went
    /// unnoticed: no adapter call reaches this accessor).
    @Test func readsFalseAsFalse() throws {
        let document = try BPlistDocument(PlistBuilder([[0xA2, 1, 2], [0x08], [0x09]]).bytes)
        #expect(document.bool(document.element(0, of: document.root)) == false)
        #expect(document.bool(document.element(1, of: document.root)) == true)
    }

    @Test func sharedObjectsHaveOneNode() throws {
        // [s, s, s] with one string object: three references, one node.
        let document = try BPlistDocument(PlistBuilder([[0xA3, 1, 1, 1], ascii("shared")]).bytes)
        let elements = (0..<3).map { document.element($0, of: document.root) }
        #expect(Set(elements).count == 1)
        #expect(document.nodes[elements[0].index].isShared)
    }

    /// Dictionaries of more than `KeyTable.linearLimit` keys use the hash table; both paths must
    /// give the verdicts `String ==` gives, at the second key's reference.
    @Test(arguments: [3, 40])
    func duplicateKeysAreFoundAsStringsCompare(keyCount: Int) throws {
        let filler = (0..<(keyCount - 2)).map { ascii("k\($0)") }
        let pairs: [([UInt8], [UInt8])] = [
            (ascii("same"), ascii("same")),  // two objects, equal bytes
            (ascii("same"), utf16("same")),  // ASCII and UTF-16 spellings
            (ascii("K"), utf16("\u{212A}")),  // KELVIN SIGN is canonically "K"
            (utf16("é"), utf16("e\u{301}")),  // composed and decomposed
        ]
        for (first, second) in pairs {
            let bytes = dictionaryFile(keys: [first] + filler + [second])
            let error = decodeError(bytes)
            #expect(error?.category == .duplicateKey)
            // The second key's reference: after the marker (and long count) and keyCount-1 refs.
            #expect(error?.offset == 8 + (keyCount < 15 ? 1 : 3) + keyCount - 1)
            let lenient = try BPlistDocument(bytes, rules: .lenient)
            #expect(lenient.count(of: lenient.root) == keyCount - 1)
        }
        // Different texts of equal length are not duplicates.
        let distinct = dictionaryFile(keys: [ascii("abcd")] + filler + [ascii("abce")])
        #expect(try BPlistDocument(distinct).count(of: BPlistDocument(distinct).root) == keyCount)
    }

    @Test func lookupComparesAsStrings() throws {
        let bytes = dictionaryFile(keys: [utf16("\u{212A}"), ascii("name")])
        let document = try BPlistDocument(bytes)
        #expect(document.value(forKey: "K", in: document.root) != nil)
        #expect(document.value(forKey: "name", in: document.root) != nil)
        #expect(document.value(forKey: "e\u{301}", in: document.root) == nil)
    }
}

/// The materialised-size bound (Docs/codec.md, `bplist.object.materialised-size`).
@Suite struct AmplificationTests {
    /// An array of `count` one-byte references to one shared `value` object.
    static func sharedArray(count: Int, value: [UInt8]) -> [UInt8] {
        let root: [UInt8] = [0xAF, 0x12] + bigEndian(UInt64(count), width: 4) + [UInt8](repeating: 1, count: count)
        var builder = PlistBuilder([root, value])
        builder.offsetSize = 4
        return builder.bytes
    }

    /// 10 MB of references to one `true`: 10 million values from 10 MB is within the value count
    /// bound (one per input byte) but 16 bytes per value is twice what the size bound allows.
    @Test func tenMegabytesOfReferencesToOneValueAreRejected() throws {
        let bytes = Self.sharedArray(count: 10_000_000, value: [0x09])
        var statistics = DecodingStatistics()
        let documentError = #expect(throws: BPlistError.self) {
            _ = try BPlistDocument(bytes, rules: .strict, statistics: &statistics)
        }
        let error = decodeError(bytes)
        #expect(documentError == error, "the document and the decoder refuse alike")
        #expect(error?.category == .limit && error?.offset == 8)
        #expect(error?.message.contains("materialised") == true)
        // Rejected at the bound: about 8 × 10 MB / 16 elements checked, not all 10 million.
        #expect(statistics.referencesReused <= 8 * bytes.count / DocumentBuilder.bytesPerValue)
    }

    /// A 4 KiB string referenced 20,000 times: 80 MB of text from 100 KB.
    @Test func oneLongStringReferencedOftenIsRejected() {
        let string: [UInt8] = [0x5F, 0x11, 0x10, 0x00] + [UInt8](repeating: 0x61, count: 4096)
        let bytes = Self.sharedArray(count: 20_000, value: string)
        let error = decodeError(bytes)
        #expect(error?.category == .limit && error?.message.contains("materialised") == true)
    }

    /// Within the floor (64 × maximumExpandedCount bytes), sharing is fine.
    @Test func sharingWithinTheBoundIsAccepted() throws {
        let string: [UInt8] = [0x5F, 0x11, 0x10, 0x00] + [UInt8](repeating: 0x61, count: 4096)
        let bytes = Self.sharedArray(count: 10_000, value: string)
        let document = try BPlistDocument(bytes)
        #expect(document.count(of: document.root) == 10_000)
    }

    /// The floor is exactly 64 bytes per value the rules allow: with 1,024 values, 65,536 bytes. Twenty references to
    /// a 4 KiB string (82 KB materialised from 4 KB, so 8 × the input is below the floor) are refused at that bound.
    @Test func theFloorIsSixtyFourBytesPerAllowedValue() {
        var rules = DecodingRules.strict
        rules.maximumExpandedCount = 1_024
        let string: [UInt8] = [0x5F, 0x11, 0x10, 0x00] + [UInt8](repeating: 0x61, count: 4096)
        let bytes = Self.sharedArray(count: 20, value: string)
        #expect(8 * bytes.count < 65_536)
        let error = #expect(throws: BPlistError.self) { _ = try BPlistDecoder.decode(bytes, rules: rules) }
        #expect(
            error?.message.hasSuffix("expand to more than 65536 bytes when materialised") == true,
            "\(String(describing: error))")
    }

    /// A shared container counts its materialised bytes each time it is reused, as a shared string does: an array
    /// holding one 4 KiB string, referenced twenty times, is refused at the 65,536-byte floor of 1,024 values,
    /// with 41 values in all. Reading the reused size's high and low words together wrongly (`&` for `|`) counted
    /// nothing and survived every other test (mutation sample of 2026-12-08, `DocumentBuilder.swift:429`).
    @Test func aReusedContainerCountsItsBytesEachTime() {
        var rules = DecodingRules.strict
        rules.maximumExpandedCount = 1_024
        let string: [UInt8] = [0x5F, 0x11, 0x10, 0x00] + [UInt8](repeating: 0x61, count: 4096)
        let root: [UInt8] = [0xAF, 0x10, 20] + [UInt8](repeating: 1, count: 20)
        var builder = PlistBuilder([root, [0xA1, 0x02], string])
        builder.offsetSize = 2
        let bytes = builder.bytes
        #expect(8 * bytes.count < 65_536)
        let error = #expect(throws: BPlistError.self) { _ = try BPlistDecoder.decode(bytes, rules: rules) }
        #expect(error?.rule == .materialisedSize, "\(String(describing: error))")
        // Twelve references (12 × 4 KiB of text, 25 values) are within the bound.
        builder.objects[0] = [0xAC] + [UInt8](repeating: 1, count: 12)
        let fewer = builder.bytes
        #expect(throws: Never.self) { _ = try BPlistDecoder.decode(fewer, rules: rules) }
    }

    /// The materialised-size bound admits exactly its bytes: 16 per value plus the payload bytes, a dictionary's own
    /// bytes being none. Sixteen references to one shared {"k": data of L bytes} materialise 1 + 16 × 3 values and
    /// 16 × (1 + L) bytes: 65,536 for L = 4,046, which the floor of 1,024 values (65,536 bytes) accepts, and 16 more
    /// for L = 4,047, which it refuses. A dictionary counted one byte of its own survived every other test (mutation
    /// sample of 2026-12-08, `DocumentBuilder.swift:283`).
    @Test(arguments: [4_046, 4_047])
    func materialisedSizeBoundIsExact(length: Int) throws {
        var rules = DecodingRules.strict
        rules.maximumExpandedCount = 1_024
        let root: [UInt8] = [0xAF, 0x10, 16] + [UInt8](repeating: 1, count: 16)
        let data: [UInt8] = [0x4F, 0x11] + bigEndian(UInt64(length), width: 2) + [UInt8](repeating: 0, count: length)
        var builder = PlistBuilder([root, [0xD1, 0x02, 0x03], [0x51, 0x6B], data])
        builder.offsetSize = 2
        let bytes = builder.bytes
        try #require(8 * bytes.count < 65_536, "the input's length would raise the bound")
        if length == 4_046 {
            #expect(throws: Never.self) { _ = try BPlistDecoder.decode(bytes, rules: rules) }
        } else {
            let error = #expect(throws: BPlistError.self) { _ = try BPlistDecoder.decode(bytes, rules: rules) }
            #expect(error?.rule == .materialisedSize, "\(String(describing: error))")
        }
    }

    /// Above the floor the bound is 8 × the input length: 10 MiB of data referenced 7 times materialises
    /// to 70 MiB, over the 64 MiB floor but under 8 × 10 MiB. (No vector can pin this: vector files are at
    /// most 8 MiB, so the floor always wins for them.)
    @Test func aboveTheFloorTheBoundIsEightTimesTheInputLength() throws {
        let length = 10 << 20
        let data: [UInt8] = [0x4F, 0x12] + bigEndian(UInt64(length), width: 4) + [UInt8](repeating: 0, count: length)
        let bytes = Self.sharedArray(count: 7, value: data)
        let document = try BPlistDocument(bytes)
        #expect(document.count(of: document.root) == 7)
    }
}

/// Records that share their key objects: the builder skips comparing keys it has seen differ in an
/// earlier dictionary, and the materialiser reuses an earlier dictionary's key table; both only
/// while the keys are the same objects in the same order.
@Suite struct SharedKeyTests {
    /// An array of dictionaries; entries name keys (objects after the dictionaries) and small ints.
    static func records(_ dictionaries: [[(key: Int, value: UInt8)]], keys: [[UInt8]]) -> [UInt8] {
        let count = dictionaries.count
        let keyBase = 1 + count
        let valueBase = keyBase + keys.count
        let values = dictionaries.flatMap { $0.map(\.value) }.max().map { Int($0) + 1 } ?? 0
        let root = [0xA0 | UInt8(count)] + (1...count).map { UInt8($0) }
        let objects = dictionaries.map { entries in
            [0xD0 | UInt8(entries.count)] + entries.map { UInt8(keyBase + $0.key) }
                + entries.map { UInt8(valueBase + Int($0.value)) }
        }
        return PlistBuilder([root] + objects + keys + (0..<values).map { [0x10, UInt8($0)] }).bytes
    }

    static let keys = [ascii("a"), ascii("b"), ascii("c"), ascii("a")]  // key 3 spells key 0 again

    @Test func materialisedRecordsKeepTheirOwnKeysAndValues() throws {
        let shapes: [[(key: Int, value: UInt8)]] = [
            [(0, 1), (1, 2)], [(0, 3), (1, 4)], [(1, 5), (0, 6)], [(0, 7), (1, 8), (2, 9)], [(0, 10), (1, 11)],
            [(0, 12), (2, 13)],
        ]
        let value = try BPlistDecoder.decode(Self.records(shapes, keys: Self.keys))
        let names = ["a", "b", "c"]
        let expected = PropertyListValue.array(
            shapes.map { entries in
                .dictionary(
                    Dictionary(uniqueKeysWithValues: entries.map { (names[$0.key], .integer(Int64($0.value))) }))
            })
        #expect(value == expected)
    }

    @Test func aKeyBeyondTheKnownListIsStillCompared() {
        // {a, b} leaves [a, b] known to differ; {a, b, a'} (another object, same text) repeats "a",
        // and so does {a, b, a} (the same object twice) after {a, b, c}.
        for (shapes, third) in [
            ([[(0, 0), (1, 0)], [(0, 0), (1, 0), (3, 0)]], 3),
            ([[(0, 0), (1, 0), (2, 0)], [(0, 0), (1, 0), (0, 0)]], 3),
        ] as [([[(key: Int, value: UInt8)]], Int)] {
            let bytes = Self.records(shapes, keys: Self.keys)
            let error = decodeError(bytes)
            #expect(error?.category == .duplicateKey)
            // The second dictionary's third key reference: after the root (1 + 2 refs), the first
            // dictionary (1 + 2 refs per entry) and the second's marker and first two key refs.
            #expect(error?.offset == 8 + 3 + 1 + 2 * shapes[0].count + 1 + third - 1)
        }
    }
}

/// The hashed duplicate check of dictionaries with more than 16 keys (`KeyTable`).
@Suite struct KeyTableTests {
    /// The hash the duplicate check gives an ASCII key (`KeyText.asciiHash`, FNV-1a), so that the keys chosen below
    /// stay chosen for the table's real hash.
    static func keyHash(_ bytes: [UInt8]) -> UInt64 {
        let node = DocumentNode(.ascii, count: bytes.count, word: 0)
        return ByteView.with(bytes) { KeyText.asciiHash(node, in: $0) } ?? 0
    }

    /// Seventy keys whose hashes all have bit 7 clear: a table that stays a power of two (64 slots, then 128)
    /// reaches every slot by probing. Grown to 192 slots instead (a survivor of the seed-2 mutation draw,
    /// `DuplicateKeys.swift:88`), its mask 191 splits it into two probe cycles of 64 slots, these keys all fall
    /// in one, and the 65th insert probes forever. The decode runs on a thread of its own, so that such a hang
    /// fails the test after 30 s instead of stopping the suite (a spinning thread cannot be cancelled).
    @Test func keysCrowdingHalfTheTableStillDecode() throws {
        var keys: [[UInt8]] = []
        var candidate = 0
        while keys.count < 70 {
            let text = Array("key\(candidate)".utf8)
            if Self.keyHash(text) & 0x80 == 0 { keys.append(text) }
            candidate += 1
        }
        let bytes = dictionaryFile(keys: keys.map { [0x50 | UInt8($0.count)] + $0 })
        let outcome = HandOff<Result<PropertyListValue, any Error>>()
        Thread.detachNewThread { outcome.finish(Result { try BPlistDecoder.decode(bytes) }) }
        guard let result = outcome.wait(seconds: 30) else {
            Issue.record("the decoder did not finish within 30 s")
            return
        }
        guard case .dictionary(let entries) = try result.get() else {
            Issue.record("not a dictionary")
            return
        }
        #expect(entries.count == 70)
        #expect(Set(entries.keys) == Set(keys.map { String(decoding: $0, as: UTF8.self) }))
    }
}

extension KeyTableTests {
    /// "k0" and "k57" share the low seven bits of their hashes (slot 14 of 128), "k1"…"k31" take 31 other slots,
    /// none of them 15; "k57" again, after the table grew from 64 to 128 slots at the 33rd key, is a duplicate. The
    /// rehash must place "k57" right after "k0", where a lookup probing one slot at a time finds it. Placed two
    /// slots on (a survivor of the seed-2 mutation draw, `DuplicateKeys.swift:92`), the lookup stopped at the
    /// empty slot 15 and the duplicate was kept.
    @Test func aKeyRehashedWhenTheTableGrowsIsStillFound() throws {
        let texts = ["k0", "k57"] + (1...31).map { "k\($0)" } + ["k57"]
        let hashes = texts.map { Self.keyHash(Array($0.utf8)) & 127 }
        try #require(hashes[0] == 14 && hashes[1] == 14 && Set(hashes[2...32]).count == 31)
        try #require(!hashes[2...32].contains(14) && !hashes[2...32].contains(15))
        let bytes = dictionaryFile(keys: texts.map { [0x50 | UInt8($0.utf8.count)] + Array($0.utf8) })
        let error = #expect(throws: BPlistError.self) { _ = try BPlistDecoder.decode(bytes) }
        #expect(error?.rule == .dictDuplicateKey, "\(String(describing: error))")
    }
}
