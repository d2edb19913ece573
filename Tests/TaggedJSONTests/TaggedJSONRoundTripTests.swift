// Tests/TaggedJSONTests/TaggedJSONRoundTripTests.swift - Generated values, dates and reals survive tagged JSON

import BinaryPlist
import SeededRandom
import TestSupport
import Testing

@testable import TaggedJSON

@Suite struct TaggedJSONRoundTripTests {
    @Test(arguments: 0..<8)
    func generatedValuesRoundTrip(batch: Int) throws {
        var generator = ValueGenerator(seed: 0x7A66_0000 + UInt64(batch))
        for index in 0..<150 {
            let value = generator.value()
            let json = TaggedJSON.encode(value)
            #expect(try TaggedJSON.decode(json) == value, "batch \(batch) value \(index)")
        }
    }

    /// Every double in the date range, down to the last bit of the fraction, reads back exactly.
    @Test func datesRoundTripExactly() {
        var random = SeededGenerator(seed: 0xDA7E)
        var checked = 0
        while checked < 20_000 {
            let seconds = Double(bitPattern: random.next() >> (1 + random.next() % 3))
            for candidate in [seconds, -seconds] where PropertyListValue.representableDates.contains(candidate) {
                guard candidate != 0 else { continue }
                let text = ISODate.text(candidate)
                #expect(ISODate.parse(text)?.bitPattern == candidate.bitPattern, "\(candidate) → \(text)")
                checked += 1
            }
        }
    }

    @Test func realsRoundTripExactly() {
        var random = SeededGenerator(seed: 0x4EA1)
        for _ in 0..<20_000 {
            let real = Double(bitPattern: random.next())
            let text = RealText.text(real)
            let back = RealText.parse(text)
            #expect(back.map { $0.bitPattern == real.bitPattern || ($0.isNaN && real.isNaN) } == true, "\(text)")
        }
        #expect(RealText.text(-Double.nan) == "nan" && RealText.text(-0.0) == "-0.0")
        #expect(RealText.parse("1e400") == nil && RealText.parse("0x1p3") == nil && RealText.parse("infinity") == nil)
    }

    @Test func base64RejectsNonCanonicalText() {
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8($0 * 37 & 0xFF) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        for bad in ["A", "AB=", "A===", "AB=C", "QQ==QQ==", "QR==", "Q Q=", "QUI="] where bad != "QUI=" {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
        #expect(Base64.decode("QUI=") == [0x41, 0x42])
    }

    @Test func base64ReadsEveryByteOfItsAlphabetAndNoOther() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            // In a full group before the last one, and in the last group.
            for text in [
                [byte, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41], [0x41, 0x41, 0x41, 0x41, byte, 0x41, 0x41, 0x41],
            ] {
                let decoded = Base64.decode(String(decoding: text, as: UTF8.self))
                if let sixBits = alphabet.firstIndex(of: byte) {
                    #expect(decoded.map { Base64.encode($0) } == String(decoding: text, as: UTF8.self))
                    #expect(decoded?.count == 6 && sixBits < 64)
                } else {
                    #expect(decoded == nil, "byte \(value)")
                }
            }
        }
    }

    @Test func refusesJSONNestedBeyondItsCap() {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let error = #expect(throws: TaggedJSONError.self) { try TaggedJSON.decode(Array(deep.utf8)) }
        #expect(error?.message.hasPrefix("nesting deeper than 1024 (byte ") == true, "\(String(describing: error))")
    }
}
