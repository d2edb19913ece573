// Sources/BinaryPlist/PropertyListValue.swift - The property list value model shared by every module

/// A property list value as bplist00 can hold it.
///
/// Integers are `Int128` so that every bplist integer width (1, 2, 4, 8 and 16 bytes) fits without
/// loss: 1/2/4-byte integers are unsigned, 8-byte ones signed, 16-byte ones as CoreFoundation reads them.
/// Dates are seconds since 2001-01-01T00:00:00Z. Reals compare by bit pattern, except that every NaN
/// equals every other NaN, so `-0.0 != 0.0` and round trips of NaN compare equal.
public enum PropertyListValue: Sendable {
    case string(String)
    case integer(Int128)
    case real(Double)
    case bool(Bool)
    /// Seconds since 2001-01-01T00:00:00Z (the bplist epoch).
    case date(Double)
    case data([UInt8])
    case uid(UInt64)
    case array([PropertyListValue])
    /// A bplist set (marker 0xC); order as found.
    case set([PropertyListValue])
    case dictionary([String: PropertyListValue])
    /// The bplist null object (marker 0x00).
    case null
}

extension PropertyListValue: Hashable {
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return realsEqual(a, b)
        case let (.bool(a), .bool(b)): return a == b
        case let (.date(a), .date(b)): return realsEqual(a, b)
        case let (.data(a), .data(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.set(a), .set(b)): return a == b
        case let (.dictionary(a), .dictionary(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let s):
            hasher.combine(0)
            for scalar in s.unicodeScalars { hasher.combine(scalar.value) }
        case .integer(let i): hasher.combine(1); hasher.combine(i)
        case .real(let d): hasher.combine(2); hasher.combine(d.isNaN ? Double.nan.bitPattern : d.bitPattern)
        case .bool(let b): hasher.combine(3); hasher.combine(b)
        case .date(let d): hasher.combine(4); hasher.combine(d.isNaN ? Double.nan.bitPattern : d.bitPattern)
        case .data(let d): hasher.combine(5); hasher.combine(d)
        case .uid(let u): hasher.combine(6); hasher.combine(u)
        case .array(let a): hasher.combine(7); hasher.combine(a)
        case .set(let a): hasher.combine(8); hasher.combine(a)
        case .dictionary(let d): hasher.combine(9); hasher.combine(d)
        case .null: hasher.combine(10)
        }
    }

    private static func realsEqual(_ a: Double, _ b: Double) -> Bool {
        (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
    }
}
