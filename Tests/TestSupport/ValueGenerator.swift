// Tests/TestSupport/ValueGenerator.swift - Seeded random property list values of every type

import BinaryPlist
import SeededRandom

/// Random values across every type: 16-byte integers, UTF-16 with surrogate pairs, NaN/inf/-0.0,
/// dates with fractions, nesting.
public struct ValueGenerator {
    public var random: SeededGenerator
    /// Only values CPython plistlib can write byte-identically: no sets, no NaN or -0.0 (plistlib
    /// shares 0.0 with -0.0 and never shares NaNs), dates on whole microseconds.
    public var plistlibCompatible: Bool
    public var maximumDepth = 4

    public init(seed: UInt64, plistlibCompatible: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.plistlibCompatible = plistlibCompatible
    }

    private mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    public mutating func value(depth: Int = 0) -> PropertyListValue {
        let containers = depth < maximumDepth ? (plistlibCompatible ? 2 : 3) : 0
        let choice = below(10 + containers * 2)
        switch choice {
        case 0: return .string(string())
        case 1: return PropertyListValue(integer: integer())
        case 2: return .real(real())
        case 3: return .bool(below(2) == 0)
        case 4: return .date(date())
        case 5: return .data((0..<length()).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 6: return .uid(random.next() >> UInt64(below(64)))
        case 7: return .null
        case 8: return .string(["name", "path", "", "a", "é", "😀"][below(6)])
        case 9: return .integer(Int64(below(20)))
        case 10, 11: return .array((0..<containerCount()).map { _ in value(depth: depth + 1) })
        case 12, 13:
            var entries: [String: PropertyListValue] = [:]
            for _ in 0..<containerCount() { entries[string()] = value(depth: depth + 1) }
            return .dictionary(entries)
        default: return .set((0..<containerCount()).map { _ in value(depth: depth + 1) })
        }
    }

    private mutating func length() -> Int { [0, 1, 14, 15, 16, below(40), below(300)][below(7)] }

    private mutating func containerCount() -> Int { [0, 1, 2, 14, 15, below(6), below(20)][below(7)] }

    public mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x00...0x7F, 0xA0...0x2FF, 0x4E00...0x9FFF, 0x1F300...0x1FAFF, 0xE000...0xFFFD,
        ]
        let pool = below(3) == 0 ? pools[below(pools.count)] : pools[0]
        for _ in 0..<length() {
            let range = below(8) == 0 ? pools[below(pools.count)] : pool
            let value = range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    public mutating func integer() -> Int128 {
        let boundaries: [Int128] = [
            0, 1, 14, 15, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, Int128(Int64.max),
            Int128(Int64.max) + 1, Int128(UInt64.max), -1, -256, Int128(Int64.min),
        ]
        switch below(3) {
        case 0: return boundaries[below(boundaries.count)]
        case 1: return Int128(random.next() >> UInt64(below(64)))
        default: return Int128(Int64(bitPattern: random.next()) >> Int64(below(64)))
        }
    }

    public mutating func real() -> Double {
        let specials: [Double] = [
            0.0, 1.0, 0.1, 1e300, .leastNonzeroMagnitude, .infinity, -.infinity, .greatestFiniteMagnitude,
        ]
        let candidate = below(3) == 0 ? specials[below(specials.count)] : Double(bitPattern: random.next())
        let risky = plistlibCompatible && (candidate.isNaN || candidate.bitPattern == (-0.0).bitPattern)
        if !plistlibCompatible && below(10) == 0 { return [Double.nan, -0.0][below(2)] }
        return risky ? 2.5 : candidate
    }

    public mutating func date() -> Double {
        // Whole microseconds within ±2^53 µs (exact as micros / 1e6), or whole seconds in years 1-9999.
        switch below(plistlibCompatible ? 2 : 3) {
        case 0: return Double(Int64(bitPattern: random.next()) >> 11) / 1e6
        case 1:
            let span = PropertyListValue.endOfDates - PropertyListValue.earliestDate
            return PropertyListValue.earliestDate + Double(below(Int(span)))
        default:
            // Any double in range: fractions down to the last bit.
            let candidate = Double(bitPattern: random.next() >> UInt64(1 + below(4)))
            let signed = below(2) == 0 ? candidate : -candidate
            return PropertyListValue.representableDates.contains(signed) && signed != 0 ? signed : 0.25
        }
    }
}
