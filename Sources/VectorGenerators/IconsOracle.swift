// Sources/VectorGenerators/IconsOracle.swift - An independent, minimal icon selector for expectations

/// A JSON value as an appInfo.json author writes it; `real` keeps its literal text.
public indirect enum JSONValue: Sendable {
    case int(Int)
    case real(String)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact JSON text, keys in the order given.
    public var text: String {
        switch self {
        case .int(let value): return String(value)
        case .real(let literal): return literal
        case .string(let value): return JSONText.quoted(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { JSONText.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last { $0.0 == key }?.1
    }
}

/// What one scale yields.
public enum IconOutcome: Equatable, Sendable {
    case icon(url: String, index: Int)
    case none
    case originalRaises

    var json: String {
        switch self {
        case .icon(let url, let index):
            return "{\"index\":\(index),\"outcome\":\"icon\",\"url\":\(JSONText.quoted(url))}"
        case .none: return "{\"outcome\":\"none\"}"
        case .originalRaises: return "{\"outcome\":\"original-raises\"}"
        }
    }
}

/// Written from the Objective-C loop and issue 4's recommended rules, separately from the Icons module.
enum IconsOracle {
    private struct Raise: Error {}

    /// `-[NSString integerValue]`: whitespace, sign, leading ASCII digits, saturating.
    static func integerValue(of text: String) -> Int {
        var scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var negative = false
        if let first = scalars.first, first == "+" || first == "-" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        var magnitude = 0
        var saturated = false
        for scalar in scalars {
            guard let digit = Int(exactly: scalar.value), (48...57).contains(digit) else { break }
            let (times, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(digit - 48)
            if overflowA || overflowB { saturated = true; break }
            magnitude = sum
        }
        if saturated { return negative ? Int.min : Int.max }
        return negative ? -magnitude : magnitude
    }

    /// `-integerValue` as NSNumber/NSString/NSNull/collections answer it.
    private static func integerValue(_ value: JSONValue) throws(Raise) -> Int {
        switch value {
        case .int(let number): return number
        case .real(let literal): return Int(Double(literal) ?? 0)
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text): return integerValue(of: text)
        case .null, .array, .object: throw Raise()
        }
    }

    /// The legacy profile: the seed's `loadIcon:withCompletionHandler:` loop. `root` nil = JSON parse error.
    static func legacy(_ root: JSONValue?, scale: Int, base: String) -> IconOutcome {
        guard let root else { return .none }
        switch root {
        case .object: break
        case .array: return .originalRaises  // -[NSArray objectForKeyedSubscript:] is unrecognised
        default: return .none  // a fragment is a JSON error without NSJSONReadingFragmentsAllowed
        }
        guard case .array(let icons)? = root["icons"] else { return .none }
        let target = 29.0 * Double(scale)
        var found: (src: JSONValue, index: Int)?
        var foundWidth = Int.max
        do {
            for (index, entry) in icons.enumerated() {
                guard case .object = entry, let width = entry["width"], let height = entry["height"],
                    let src = entry["src"]
                else { continue }
                let w = try integerValue(width)
                let h = try integerValue(height)
                if Double(w) == target && Double(h) == target {
                    found = (src, index)
                    break
                } else if Double(w) > target && Double(h) > target && w < foundWidth && h < foundWidth {
                    found = (src, index)
                    foundWidth = w
                }
            }
        } catch {
            return .originalRaises
        }
        guard let found else { return .none }
        guard case .string(let text) = found.src else { return .originalRaises }
        guard let url = URLReference.resolve(text, against: base, legacy: true) else { return .none }
        return .icon(url: url, index: found.index)
    }

    /// The recommended profile (issue 4).
    static func recommended(_ root: JSONValue?, scale: Int, base: String) -> IconOutcome {
        guard let root, case .array(let icons)? = root["icons"] else { return .none }
        let target = 29 * scale
        var exact: (String, Int)?
        var best: (url: String, index: Int, area: Int)?
        for (index, entry) in icons.enumerated() {
            // An entry whose src gives no acceptable URL is passed over: the search goes on with the others.
            guard case .int(let w)? = entry["width"], case .int(let h)? = entry["height"],
                case .string(let src)? = entry["src"], !src.isEmpty, w > 0, h > 0,
                let url = URLReference.resolve(src, against: base), URLReference.acceptable(url)
            else { continue }
            if w == target && h == target {
                exact = (url, index)
                break
            }
            let (area, overflow) = w.multipliedReportingOverflow(by: h)
            if w >= target && h >= target && (best == nil || (!overflow && area < best?.area ?? Int.max)) {
                best = (url, index, overflow ? Int.max : area)
            }
        }
        guard let (url, index) = exact ?? best.map({ ($0.url, $0.index) }) else { return .none }
        return .icon(url: url, index: index)
    }
}
