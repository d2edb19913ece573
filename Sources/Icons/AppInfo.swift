// Sources/Icons/AppInfo.swift - The appInfo.json model: what the original's loop would see

/// One JSON value, classified the way the original Objective-C code meets it through
/// `NSJSONSerialization` (an `NSNumber`, an `NSString`, `NSNull`, an array or a dictionary).
public enum AppInfoValue: Hashable, Sendable {
    /// The key is not present (`dict[@"width"]` is `nil`).
    case absent
    /// A JSON number written without fraction or exponent that fits in `Int` (64 bits).
    case integer(Int)
    /// A JSON number written without fraction or exponent that does not fit in `Int`.
    case largeInteger(negative: Bool)
    /// A JSON number written with a fraction or an exponent (`58.0`, `5.8e1`).
    case real(Double)
    /// JSON `true` / `false` (an `NSNumber` holding a `BOOL`).
    case boolean(Bool)
    /// A JSON string.
    case string(String)
    /// JSON `null` (`NSNull`: non-nil, and it does not answer `integerValue`).
    case null
    /// A JSON array.
    case array
    /// A JSON object.
    case dictionary

    /// A short name of the kind of value, used in reasons and `--explain`: `integer`, `string`, …
    public var kindName: String {
        switch self {
        case .absent: return "absent"
        case .integer: return "integer"
        case .largeInteger: return "out-of-range integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .string: return "string"
        case .null: return "null"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }
}

/// One element of the `icons` array.
public enum IconEntry: Hashable, Sendable {
    /// A JSON object, with what it holds under `width`, `height` and `src` (other keys are ignored).
    case dictionary(width: AppInfoValue, height: AppInfoValue, src: AppInfoValue)
    /// Anything else (a number, a string, an array, null); the original skips it.
    case other(AppInfoValue)
}

/// What the root dictionary holds under `icons`.
public enum IconsValue: Hashable, Sendable {
    /// No `icons` key (or the root is not a dictionary).
    case absent
    /// `icons` is present but not an array; its kind is kept.
    case notArray(AppInfoValue)
    /// `icons` is an array.
    case array([IconEntry])
}

/// A parsed `appInfo.json`, reduced to what icon selection looks at.
///
/// Build it with ``AppInfo/parse(_:limits:)`` or directly (generators, fuzzers, tests).
public struct AppInfo: Hashable, Sendable {
    /// Whether the JSON root is an object. `NSJSONSerialization` without fragments only returns an
    /// object or an array; for an array root the original's `dictionary[@"icons"]` raises.
    public var rootIsDictionary: Bool
    /// The `icons` value.
    public var icons: IconsValue

    public init(rootIsDictionary: Bool, icons: IconsValue) {
        self.rootIsDictionary = rootIsDictionary
        self.icons = icons
    }

    /// A dictionary root whose `icons` array holds `entries`.
    public init(entries: [IconEntry]) {
        self.init(rootIsDictionary: true, icons: .array(entries))
    }
}

/// Bounds on the input, so that parsing stays cheap on hostile input.
public struct AppInfoLimits: Hashable, Sendable {
    /// Largest accepted input, in bytes.
    public var maxBytes: Int
    /// Largest accepted number of elements in `icons`.
    public var maxEntries: Int

    public init(maxBytes: Int = 64 * 1024, maxEntries: Int = 4096) {
        self.maxBytes = maxBytes
        self.maxEntries = maxEntries
    }

    /// 64 KiB and 4096 entries.
    public static let `default` = AppInfoLimits()
}

/// `appInfo.json` could not be turned into an ``AppInfo``.
public struct AppInfoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The closed list of reasons.
    public enum Category: String, Hashable, Sendable {
        /// Not JSON, or JSON whose root is not an object or array (the original: a JSON error, no icon).
        case malformedJSON = "malformed-json"
        /// Over ``AppInfoLimits/maxBytes`` or ``AppInfoLimits/maxEntries``.
        case limit
    }

    public var category: Category
    /// The byte offset the problem was found at, when known.
    public var offset: Int?
    public var detail: String

    public init(category: Category, offset: Int?, detail: String) {
        self.category = category
        self.offset = offset
        self.detail = detail
    }

    public var description: String {
        let place = offset.map { " at byte \($0)" } ?? ""
        return "\(category.rawValue) error\(place): \(detail)"
    }
}
