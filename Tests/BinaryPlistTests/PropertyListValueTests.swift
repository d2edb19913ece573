// Tests/BinaryPlistTests/PropertyListValueTests.swift - The compact value layout and its one integer model

import Testing

@testable import BinaryPlist

@Suite struct PropertyListValueTests {
    /// 16 bytes of payload (a `String`) and a tag byte: 17, rounded to 8-byte alignment. An inline
    /// `Int128` payload made it 32 (16-byte alignment); this keeps that from coming back unnoticed.
    @Test func aValueIsTwentyFourBytes() {
        #expect(MemoryLayout<PropertyListValue>.size == 17)
        #expect(MemoryLayout<PropertyListValue>.stride == 24)
        #expect(MemoryLayout<PropertyListValue>.alignment == 8)
    }

    static let integers: [Int128] = [
        0, 1, -1, 255, Int128(Int64.max), Int128(Int64.min), Int128(Int64.max) + 1, Int128(UInt64.max),
        Int128(Int64.min) - 1, Int128.max, Int128.min,
    ]

    @Test(arguments: integers)
    func anIntegerIsOneValueWhicheverCaseHoldsIt(integer: Int128) {
        let canonical = PropertyListValue(integer: integer)
        let wide = PropertyListValue.wideInteger(integer)
        #expect(canonical == wide && wide == canonical)
        #expect(canonical.hashValue == wide.hashValue)
        #expect(Set([canonical, wide]).count == 1)
        #expect(canonical.integerValue == integer && wide.integerValue == integer)
        if let narrow = Int64(exactly: integer) {
            guard case .integer(narrow) = canonical else {
                Issue.record("\(integer) fits Int64 but is not stored inline: \(canonical)")
                return
            }
            #expect(canonical == .integer(narrow))
        } else {
            guard case .wideInteger(integer) = canonical else {
                Issue.record("\(integer) is outside Int64 but stored as \(canonical)")
                return
            }
        }
        // The encoder writes the same bytes for either case (canonical output is byte-identical).
        #expect(BPlistEncoder.encode(.array([canonical])) == BPlistEncoder.encode(.array([wide])))
    }

    @Test func differentIntegersDiffer() {
        #expect(PropertyListValue.integer(5) != .wideInteger(6))
        #expect(PropertyListValue.wideInteger(Int128(UInt64.max)) != .integer(-1))
        #expect(PropertyListValue.integer(1) != .real(1) && PropertyListValue.wideInteger(1) != .uid(1))
        #expect(PropertyListValue.real(1).integerValue == nil)
    }

    @Test func containersCompareIntegersByValue() {
        let narrow = PropertyListValue.dictionary(["a": .array([.integer(7), .set([.integer(-2)])])])
        let wide = PropertyListValue.dictionary(["a": .array([.wideInteger(7), .set([.wideInteger(-2)])])])
        #expect(narrow == wide && narrow.hashValue == wide.hashValue)
    }

    /// The decoder stores each integer in its canonical case: 16-byte integers up to Int64.max inline.
    @Test func theDecoderStoresIntegersCanonically() throws {
        func decoded(_ object: [UInt8]) throws -> PropertyListValue {
            try BPlistDecoder.decode(PlistBuilder([object]).bytes)
        }
        let sixteenByteFive = [0x14] + [UInt8](repeating: 0, count: 15) + [5]
        guard case .integer(5) = try decoded(sixteenByteFive) else {
            Issue.record("16-byte 5 is not stored inline")
            return
        }
        let sixteenByteMax = [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
        guard case .wideInteger(let value) = try decoded(sixteenByteMax), value == Int128(UInt64.max) else {
            Issue.record("16-byte 2^64-1 is not a wide integer")
            return
        }
        guard case .integer(Int64.min) = try decoded([0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]) else {
            Issue.record("8-byte Int64.min is not stored inline")
            return
        }
    }
}
