// Tests/VectorSetTests/BPlistAssemblerTests.swift - The assembler against bytes published elsewhere

import Testing
import VectorGenerators

@Suite struct BPlistAssemblerTests {
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }

    @Test func documentSourceMatchesThePlistlibBytes() {
        // bplist-catalogue §4.2: plistlib, swift-foundation and go-plist all write these 145 bytes.
        let expected = Self.hex(
            """
            62706c6973743030 d4 01020304 05060708
            5a617070496e666f55524c 5a6964656e746966696572 546e616d65 5470617468
            5f1017 68747470733a2f2f6578616d706c652e636f6d2f617070 5f100f 636f6d2e6578616d706c652e646f63 53446f63 562f746d702f61
            08 11 1c 27 2c 31 4b 5d 61
            000000000000 01 01 0000000000000009 0000000000000000 0000000000000068
            """)
        #expect(PlistValidFamily.documentSource().0.bytes() == expected)
    }

    @Test func emptyDictionaryIsTheMinimalFile() {
        let expected = Self.hex(
            "62706c6973743030 d0 08 000000000000 01 01 0000000000000001 0000000000000000 0000000000000009")
        #expect(BPlistAssembly(objects: [Obj.dict(keys: [], values: [])]).bytes() == expected)
    }

    @Test func swiftFoundationArrayBase() {
        // swift-foundation's test base for [42, 314, 0xFF].
        let expected = Self.hex(
            "62706c6973743030a3010203102a11013a10ff080c0e110000000000000101000000000000000400000000000000000000000000000013"
        )
        let assembly = BPlistAssembly(objects: [Obj.array([1, 2, 3]), Obj.int(42), Obj.int(314), Obj.int(255)])
        #expect(assembly.bytes() == expected)
    }

    @Test func widthsAndCountsAreWrittenAsAsked() {
        #expect(Obj.bigEndian(0x0102, width: 16) == [UInt8](repeating: 0, count: 14) + [1, 2])
        #expect(Obj.counted(0x5, 14) == [0x5E])
        #expect(Obj.counted(0x5, 15) == [0x5F, 0x10, 0x0F])
        #expect(Obj.counted(0xA, 256) == [0xAF, 0x11, 0x01, 0x00])
        #expect(Obj.int(-1) == [0x13] + [UInt8](repeating: 0xFF, count: 8))
        #expect(Obj.utf16("😀") == [0x62, 0xD8, 0x3D, 0xDE, 0x00])
    }

    @Test func datesKeepTheirFraction() {
        #expect(JSONText.date(sinceReferenceDate: 0) == "2001-01-01T00:00:00Z")
        #expect(JSONText.date(sinceReferenceDate: -978_307_200) == "1970-01-01T00:00:00Z")
        #expect(JSONText.date(sinceReferenceDate: -0.5) == "2000-12-31T23:59:59.5Z")
        #expect(JSONText.date(sinceReferenceDate: 1_234_567.25) == "2001-01-15T06:56:07.25Z")
    }
}
