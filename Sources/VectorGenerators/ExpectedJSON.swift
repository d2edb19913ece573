// Sources/VectorGenerators/ExpectedJSON.swift - Expected results written from the intended value

/// The value a vector's author intended, rendered as tagged JSON (Docs/tagged-json.md) without the TaggedJSON module.
public indirect enum IntendedValue: Sendable {
    case string(String)
    /// Decimal text, any width.
    case integer(String)
    /// The spelling of Docs/tagged-json.md (`nan`, `inf`, `-inf`, `-0.0`, or a round-tripping decimal).
    case real(String)
    case bool(Bool)
    /// ISO 8601 UTC text, fraction kept.
    case date(String)
    case data([UInt8])
    case uid(String)
    case array([IntendedValue])
    case set([IntendedValue])
    case dictionary([(String, IntendedValue)])
    case null

    public static func int(_ value: Int64) -> IntendedValue { .integer(String(value)) }
    public static func double(_ value: Double) -> IntendedValue { .real(JSONText.real(value)) }
    public static func seconds(_ value: Double) -> IntendedValue { .date(JSONText.date(sinceReferenceDate: value)) }

    /// Compact tagged JSON, keys sorted by UTF-8 bytes.
    public func json() -> String {
        switch self {
        case .string(let text): return Self.leaf("string", text)
        case .integer(let text): return Self.leaf("integer", text)
        case .real(let text): return Self.leaf("real", text)
        case .bool(let value): return Self.leaf("bool", value ? "true" : "false")
        case .date(let text): return Self.leaf("date", text)
        case .data(let bytes): return Self.leaf("data", JSONText.base64(bytes))
        case .uid(let text): return Self.leaf("uid", text)
        case .null: return Self.leaf("null", "")
        case .array(let items): return "[" + items.map { $0.json() }.joined(separator: ",") + "]"
        case .set(let items):
            return "{\"type\":\"set\",\"value\":[" + items.map { $0.json() }.joined(separator: ",") + "]}"
        case .dictionary(let pairs):
            let sorted = pairs.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            return "{" + sorted.map { JSONText.quoted($0.0) + ":" + $0.1.json() }.joined(separator: ",") + "}"
        }
    }

    private static func leaf(_ type: String, _ value: String) -> String {
        "{\"type\":\"\(type)\",\"value\":" + JSONText.quoted(value) + "}"
    }
}

/// Small JSON and text helpers (no Foundation).
public enum JSONText {
    /// A JSON string literal; non-ASCII is written as UTF-8, controls escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The spelling of Docs/tagged-json.md of a real.
    public static func real(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return value.description
    }

    /// RFC 4648 base64 with padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let word = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int(word >> UInt32(18 - 6 * position) & 0x3F)] : "=")
            }
            index += 3
        }
        return out
    }

    /// ISO 8601 UTC for seconds since 2001-01-01T00:00:00Z; the fraction is kept (binary fractions only).
    public static func date(sinceReferenceDate seconds: Double) -> String {
        let whole = seconds.rounded(.down)
        let fraction = seconds - whole
        let unix = Int64(whole) + 978_307_200
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secondOfDay = unix - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):"
        text += two(secondOfDay % 60)
        if fraction > 0 {
            let digits = fraction.description  // "0.5", "0.25"
            text += String(digits.dropFirst())
        }
        return text + "Z"
    }

    /// Howard Hinnant's days-from-civil inverse.
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
