// Tests/BinaryPlistTests/BPlistEncoderTests.swift - The canonical layout, byte for byte

import TestSupport
import Testing

@testable import BinaryPlist

@Suite struct BPlistEncoderTests {
    @Test func writesTheDocumentSourceDictionaryAsPlistlibDoes() throws {
        let bytes = BPlistEncoder.encode(documentSourceValue)
        #expect(bytes.count == 145)
        #expect(hexString(bytes) == hexString(hexBytes(documentSourceHex)))
        #expect(try BPlistDecoder.decode(bytes) == documentSourceValue)
    }

    @Test func writesTheSwiftFoundationTestArray() {
        // swift-foundation PropertyListEncoderTests' valid base for [42, 314, 0xFF] (also plistlib's bytes).
        let expected =
            "62706c6973743030a3010203102a11013a10ff080c0e110000000000000101000000000000000400000000000000000000000000000013"
        #expect(hexString(BPlistEncoder.encode(.array([.integer(42), .integer(314), .integer(255)]))) == expected)
    }

    @Test func sharesEqualScalarsButNotContainersOrUIDs() throws {
        let value = PropertyListValue.array([
            .string("a"), .string("a"), .array([]), .array([]), .uid(1), .uid(1), .integer(1), .bool(true),
        ])
        let bytes = BPlistEncoder.encode(value)
        // root, "a", [], [], uid, uid, 1, true = 8 objects.
        #expect(bytes[bytes.count - 24 + 7] == 8)
        #expect(try BPlistDecoder.decode(bytes) == value)
    }

    @Test func usesLongCountsFromFifteen() {
        let fourteen = BPlistEncoder.encode(.data(Array(repeating: 7, count: 14)))
        let fifteen = BPlistEncoder.encode(.data(Array(repeating: 7, count: 15)))
        #expect(fourteen[8] == 0x4E)
        #expect(Array(fifteen[8..<11]) == [0x4F, 0x10, 0x0F])
    }

    @Test(arguments: [
        (Int128(0), "1000"), (Int128(255), "10ff"), (Int128(256), "110100"), (Int128(65_536), "1200010000"),
        (Int128(1) << 32, "130000000100000000"), (Int128(-1), "13ffffffffffffffff"),
        (Int128(Int64.max), "137fffffffffffffff"),
        (Int128(Int64.max) + 1, "1400000000000000008000000000000000"),
        (Int128(UInt64.max), "140000000000000000ffffffffffffffff"),
        // Outside Int64.min...UInt64.max (Docs/codec.md): 16-byte two's complement, the high word written too.
        (Int128(1) << 64, "1400000000000000010000000000000000"),
        (Int128(Int64.min) - 1, "14ffffffffffffffff7fffffffffffffff"),
    ])
    func writesIntegersInMinimalWidth(value: Int128, hex: String) {
        #expect(hexString(ScalarBytes.integer(value)) == hex)
    }

    /// Short keys are found again by their first eight bytes and length: keys that share a
    /// zero-padded prefix ("a", "a\0", "", "\0") or are longer than eight bytes stay apart, and
    /// each key text is one object however many dictionaries use it.
    @Test func keysOfManyDictionariesStayDistinctAndShared() throws {
        let texts = ["a", "a\0", "", "\0", "abcdefgh", "abcdefghi", "abcdefghj", "é"]
        let value = PropertyListValue.array(
            (0..<40).map { record in
                .dictionary(
                    Dictionary(
                        uniqueKeysWithValues: texts.enumerated().filter { ($0.offset + record) % 3 != 0 }.map {
                            ($0.element, .integer(Int64(record * 10 + $0.offset)))
                        }))
            })
        let bytes = BPlistEncoder.encode(value)
        #expect(try BPlistDecoder.decode(bytes) == value)
        // One object per key text, one per distinct integer, one per container: nothing else.
        let used = Set(
            (0..<40).flatMap { record in
                texts.indices.filter { ($0 + record) % 3 != 0 }.map { record * 10 + $0 }
            })
        let objectCount = Int(bytes[(bytes.count - 24)..<(bytes.count - 16)].reduce(0) { $0 << 8 | UInt64($1) })
        #expect(objectCount == 1 + 40 + texts.count + used.count)
    }

    /// The scalar table rehashes with SipHash after a long probe; forced on the first collision,
    /// that path writes the same bytes (every scalar still found again).
    @Test func sipHashFallbackWritesTheSameBytes() throws {
        var generator = ValueGenerator(seed: 0x51_9A5E)
        let values =
            PlistlibComparisonTests.edgeValues() + (0..<200).map { _ in generator.value() } + [
                .array((0..<5_000).map { .string("s\($0 % 1_000)") })
            ]
        for (index, value) in values.enumerated() {
            let bytes = BPlistEncoder.encode(value, longProbe: 0)
            #expect(bytes == BPlistEncoder.encode(value), "value \(index)")
        }
        // 1,000 distinct strings shared five times each: root + 1,000 objects.
        let shared = BPlistEncoder.encode(.array((0..<5_000).map { .string("s\($0 % 1_000)") }), longProbe: 0)
        #expect(shared[(shared.count - 24)..<(shared.count - 16)].reduce(0) { $0 << 8 | Int($1) } == 1_001)
    }
}
