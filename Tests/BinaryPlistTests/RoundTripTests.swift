// Tests/BinaryPlistTests/RoundTripTests.swift - Seeded generated values survive encode then decode

import TestSupport
import Testing

@testable import BinaryPlist

@Suite struct RoundTripTests {
    /// Every seed is a separate test case so a failure names the value that broke.
    @Test(arguments: 0..<10)
    func generatedValuesRoundTrip(batch: Int) throws {
        var generator = ValueGenerator(seed: 0xC0DEC_0000 + UInt64(batch))
        for index in 0..<150 {
            let value = generator.value()
            let bytes = BPlistEncoder.encode(value)
            let decoded = try BPlistDecoder.decode(bytes)
            #expect(decoded == value, "batch \(batch) value \(index)")
            // The canonical layout is a fixed point.
            #expect(BPlistEncoder.encode(decoded) == bytes, "batch \(batch) value \(index)")
        }
    }

    @Test func generatorCoversEveryType() {
        var generator = ValueGenerator(seed: 0xC0DEC_0000)
        var seen: Set<String> = []
        func visit(_ value: PropertyListValue) {
            switch value {
            case .string(let s): seen.insert(s.utf16.count != s.unicodeScalars.count ? "surrogates" : "string")
            case .integer(let i): seen.insert(i < 0 ? "negative" : "integer")
            case .wideInteger(let i): seen.insert(i > Int128(Int64.max) ? "int16" : "wide")
            case .real(let r):
                seen.insert(r.isNaN ? "nan" : r.isInfinite ? "inf" : r.bitPattern == (-0.0).bitPattern ? "-0" : "real")
            case .date(let d): seen.insert(d != d.rounded(.down) ? "fractional date" : "date")
            case .bool: seen.insert("bool")
            case .data: seen.insert("data")
            case .uid: seen.insert("uid")
            case .null: seen.insert("null")
            case .array(let a):
                seen.insert("array")
                a.forEach(visit)
            case .set(let a):
                seen.insert("set")
                a.forEach(visit)
            case .dictionary(let d):
                seen.insert(d.count >= 15 ? "long dict" : "dict")
                d.values.forEach(visit)
            }
        }
        for _ in 0..<150 { visit(generator.value()) }
        let expected: Set<String> = [
            "string", "surrogates", "integer", "int16", "negative", "real", "nan", "inf", "-0", "date",
            "fractional date", "bool", "data", "uid", "null", "array", "set", "dict", "long dict",
        ]
        #expect(expected.subtracting(seen).isEmpty, "missing: \(expected.subtracting(seen))")
    }
}
