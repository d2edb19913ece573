// Sources/BinaryPlist/PropertyListValue.swift - The property list value model shared by every module

/// A property list value as bplist00 can hold it.
///
/// Integers in `Int64`'s range are `.integer`, stored inline; the rare ones outside it (a bplist
/// 16-byte integer above `Int64.max`, or any `Int128` a caller builds) are `.wideInteger`, stored out
/// of line, so a value is 24 bytes (stride) instead of the 32 an inline `Int128` costs. Both cases are
/// one integer model: the same mathematical integer compares and hashes equal whichever case holds it
/// (`PropertyListValue(integer:)` picks the canonical one, `integerValue` reads either). 1/2/4-byte
/// bplist integers are unsigned, 8-byte ones signed, 16-byte ones as CoreFoundation reads them.
/// Dates are seconds since 2001-01-01T00:00:00Z. Reals compare by bit pattern, except that every NaN
/// equals every other NaN, so `-0.0 != 0.0` and round trips of NaN compare equal.
public enum PropertyListValue: Sendable {
    case string(String)
    /// An integer in `Int64.min...Int64.max`.
    case integer(Int64)
    /// An integer of any `Int128` value, boxed; decoders use it only outside `Int64`'s range.
    indirect case wideInteger(Int128)
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

extension PropertyListValue {
    /// The integer `value` in its canonical case: `.integer` when it fits `Int64`, else `.wideInteger`.
    public init(integer value: Int128) {
        if let narrow = Int64(exactly: value) {
            self = .integer(narrow)
        } else {
            self = .wideInteger(value)
        }
    }

    /// The value of `.integer` or `.wideInteger`; nil for every other case.
    public var integerValue: Int128? {
        switch self {
        case .integer(let value): return Int128(value)
        case .wideInteger(let value): return value
        default: return nil
        }
    }
}

extension PropertyListValue: Hashable {
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return sameScalars(a, b)
        case let (.integer(a), .integer(b)): return a == b
        case (.integer, .wideInteger), (.wideInteger, .integer), (.wideInteger, .wideInteger):
            return lhs.integerValue == rhs.integerValue
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
            // The UTF-8 bytes, as `==` compares them (with the length, so that arrays of strings
            // hash differently when only the split between elements differs).
            hasher.combine(0)
            var s = s
            s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(s.utf8.count)
        case .integer(let i): hasher.combine(1); hasher.combine(i)
        case .wideInteger(let i):
            // Hashes as `.integer` does when the value fits 64 bits: equal integers, equal hashes.
            hasher.combine(1)
            if let narrow = Int64(exactly: i) { hasher.combine(narrow) } else { hasher.combine(i) }
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

    /// Whether `a` and `b` hold the same Unicode scalars (not `String ==`, which equates canonically
    /// equivalent texts such as "é" and "e\u{301}"). UTF-8 maps scalar sequences one to one onto byte
    /// sequences, so comparing the bytes is comparing the scalars, without decoding them.
    private static func sameScalars(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in left.elementsEqual(right) } }
    }

    private static func realsEqual(_ a: Double, _ b: Double) -> Bool {
        (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
    }
}
