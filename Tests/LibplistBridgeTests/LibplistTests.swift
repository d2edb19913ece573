// Tests/LibplistBridgeTests/LibplistTests.swift - libplist 2.2 decoding, encoding and its documented limits

import BinaryPlist
import LibplistBridge
import Testing

@Suite struct LibplistTests {
    /// The 145-byte four-key dictionary plistlib, PropertyListEncoder and go-plist all write (catalogue §4.2).
    static let attribute = BPlistBytes.hex(
        """
        62706c6973743030 d4 01020304 05060708
        5a617070496e666f55524c 5a6964656e746966696572 546e616d65 5470617468
        5f1017 68747470733a2f2f6578616d706c652e636f6d2f617070 5f100f 636f6d2e6578616d706c652e646f63 53446f63 562f746d702f61
        08 11 1c 27 2c 31 4b 5d 61
        000000000000 01 01 0000000000000009 0000000000000000 0000000000000068
        """)

    @Test func decodesTheAttributeDictionary() throws {
        let value = try Libplist.decode(Self.attribute)
        #expect(
            value
                == .dictionary([
                    "appInfoURL": .string("https://example.com/app"), "identifier": .string("com.example.doc"),
                    "name": .string("Doc"), "path": .string("/tmp/a"),
                ]))
    }

    @Test func decodesIntegersOfEveryWidthAsSigned64Bit() throws {
        let bytes = BPlistBytes.assemble([
            [0xA5, 1, 2, 3, 4, 5], [0x10, 0xFF], [0x11, 0x01, 0x3A], [0x12, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x13] + BPlistBytes.bigEndian(UInt64(bitPattern: -5)), [0x13] + BPlistBytes.bigEndian(1 << 62),
        ])
        let value = try Libplist.decode(bytes)
        #expect(
            value == .array([.integer(255), .integer(314), .integer(4_294_967_295), .integer(-5), .integer(1 << 62)]))
    }

    @Test func readsA16ByteIntegerAsItsLow64BitsSigned() throws {
        // 0x14: 16 bytes, high half zero, low half all ones = 2^64-1; libplist 2.2's API shows -1.
        let bytes = BPlistBytes.assemble([[0xA1, 1], [0x14] + BPlistBytes.bigEndian(0) + BPlistBytes.bigEndian(.max)])
        #expect(try Libplist.decode(bytes) == .array([.integer(-1)]))
    }

    @Test func readsASetAsAnArray() throws {
        let bytes = BPlistBytes.assemble([[0xC2, 1, 2], BPlistBytes.ascii("a"), [0x09]])
        #expect(try Libplist.decode(bytes) == .array([.string("a"), .bool(true)]))
    }

    @Test func keepsTheFirstOfTwoEqualKeys() throws {
        let bytes = BPlistBytes.assemble([
            [0xD2, 1, 1, 2, 3], BPlistBytes.ascii("name"), BPlistBytes.ascii("first"), BPlistBytes.ascii("second"),
        ])
        #expect(try Libplist.decode(bytes) == .dictionary(["name": .string("first")]))
    }

    @Test func readsUTF16StringsDatesDataAndUIDs() throws {
        let bytes = BPlistBytes.assemble([
            [0xA4, 1, 2, 3, 4], [0x62, 0xD8, 0x3D, 0xDE, 0x00],
            [0x33] + BPlistBytes.bigEndian((-1.5 as Double).bitPattern), [0x43, 0, 1, 0xFE], [0x80, 0x2A],
        ])
        #expect(try Libplist.decode(bytes) == .array([.string("😀"), .date(-1.5), .data([0, 1, 0xFE]), .uid(42)]))
    }

    @Test(arguments: [
        [UInt8](), Array("bplist00".utf8), Array("bplist01".utf8) + Array(LibplistTests.attribute.dropFirst(8)),
        Array(LibplistTests.attribute.dropLast()), BPlistBytes.assemble([[0x00]]),
        BPlistBytes.assemble([[0xD1, 1, 2], [0x10, 0x41], BPlistBytes.ascii("B")]),
    ])
    func rejectsWhatLibplistRejects(bytes: [UInt8]) {
        let error = #expect(throws: LibplistError.self) { try Libplist.decode(bytes) }
        #expect(error?.kind == .rejected)
        #expect(Libplist.accepts(bytes) == false)
    }

    @Test func rejectsEveryPrefixOfAValidDocument() {
        for length in 0..<Self.attribute.count {
            #expect(Libplist.accepts(Array(Self.attribute.prefix(length))) == false, "prefix of \(length) bytes")
        }
        #expect(Libplist.accepts(Self.attribute))
    }

    static let roundTrips: [PropertyListValue] = [
        .dictionary([
            "identifier": .string("com.example.doc"), "name": .string("Exämple ✓"), "path": .string("dír/文件.txt"),
            "appInfoURL": .string("https://example.com/appInfo.json"),
        ]),
        .array([.integer(0), .integer(-1), .integer(Int64.min), .integer(Int64.max), .integer(255)]),
        .array([.real(0.1), .real(-0.0), .real(.infinity), .real(-1.5e300), .real(.leastNonzeroMagnitude), .real(3.5)]),
        .array([.date(0), .date(0.5), .date(-1.5), .date(631_152_000), .date(-3_000_000)]),
        .array([.data([]), .data(Array(0...255)), .uid(0), .uid(UInt64(UInt32.max)), .bool(false), .bool(true)]),
        .array([.array([]), .dictionary([:]), .array([.array([.dictionary(["k": .array([.string("")])])])])]),
    ]

    @Test(arguments: roundTrips)
    func roundTripsThroughLibplistAlone(value: PropertyListValue) throws {
        let bytes = try Libplist.encode(value)
        #expect(Array(bytes.prefix(8)) == Array("bplist00".utf8))
        #expect(try Libplist.decode(bytes) == value)
    }

    @Test func roundTripsNaN() throws {
        guard case .array(let items) = try Libplist.decode(try Libplist.encode(.array([.real(.nan)]))),
            case .real(let real) = items.first
        else {
            Issue.record("not an array of one real")
            return
        }
        #expect(real.isNaN)
    }

    @Test func writesUnsigned64BitValuesAsNegativeEightByteIntegers() throws {
        // libplist 2.2's plist_new_uint always makes an 8-byte node: 2^64-1 is written as 8 bytes 0xFF…FF.
        let bytes = try Libplist.encode(.array([.wideInteger(Int128(UInt64.max))]))
        #expect(bytes.contains(0x13))
        #expect(try Libplist.decode(bytes) == .array([.integer(-1)]))
    }

    @Test func losesDigitsBelowAMicrosecondInDates() throws {
        let written = try Libplist.decode(try Libplist.encode(.date(0.123_456_789)))
        #expect(written == .date(0.123_457))
    }

    @Test(arguments: [
        PropertyListValue.null, .set([.string("a")]), .string("a\u{0}b"), .dictionary(["a\u{0}": .bool(true)]),
        .wideInteger(Int128(UInt64.max) + 1), .wideInteger(Int128(Int64.min) - 1), .date(3e9), .date(.nan),
        .array([.bool(true), .null]),
    ])
    func refusesWhatTheCAPICannotTake(value: PropertyListValue) {
        let error = #expect(throws: LibplistError.self) { try Libplist.encode(value) }
        #expect(error?.kind == .unrepresentable)
    }

    @Test func exposesTheNativeTree() throws {
        let tree = try LibplistTree(parsing: Self.attribute)
        let again = try tree.binary()
        #expect(try Libplist.decode(again) == (try tree.value()))
        #expect(again.count == Self.attribute.count)
    }

    @Test func readsAStringByKeyFromTheNativeTree() throws {
        let tree = try LibplistTree(parsing: Self.attribute)
        #expect(tree.string(forKey: "identifier") == "com.example.doc")
        #expect(tree.string(forKey: "name") == "Doc")
        #expect(tree.string(forKey: "path") == "/tmp/a")
        #expect(tree.string(forKey: "appInfoURL") == "https://example.com/app")
        #expect(tree.string(forKey: "missing") == nil)
        let array = try LibplistTree(parsing: try Libplist.encode(.array([.string("identifier")])))
        #expect(array.string(forKey: "identifier") == nil)
        let notString = try LibplistTree(parsing: try Libplist.encode(.dictionary(["name": .bool(true)])))
        #expect(notString.string(forKey: "name") == nil)
    }

    @Test func namesTheLoadedLibraryAndItsPackageVersion() {
        #expect(Libplist.version.hasPrefix("2.2."))
        #expect(Libplist.version.contains("libplist-2.0.so"))
    }
}
