// Sources/Icons/IconSelection.swift - The outcome of icon selection, its reasons and options

/// Which rules select the icon.
public enum IconProfile: String, CaseIterable, Sendable {
    /// Exactly what the original `loadIcon:withCompletionHandler:` does, quirks included.
    case legacy
    /// What the suite recommends to new implementations.
    case recommended
}

/// The result of icon selection.
public enum IconSelection: Hashable, Sendable {
    /// The icon to fetch: its absolute URL, its sizes as read, its position in `icons`.
    case icon(url: String, width: Int, height: Int, index: Int)
    /// No icon.
    case none(NoIconReason)
    /// Legacy profile only: the original Objective-C code raises an exception here.
    case originalRaises(RaiseReason)

    /// The outcome's name in vectors and reports: `icon`, `none` or `original-raises`.
    public var outcomeName: String {
        switch self {
        case .icon: return "icon"
        case .none: return "none"
        case .originalRaises: return "original-raises"
        }
    }
}

/// Why there is no icon.
public enum NoIconReason: Hashable, Sendable, CustomStringConvertible {
    /// The scale is outside 1...1000.
    case invalidScale(Int)
    /// The appInfoURL is not an absolute URL (legacy: `+[NSURL URLWithString:]` gives no usable URL).
    case invalidAppInfoURL(String)
    /// appInfo.json is not JSON (the original calls back with the JSON error) or exceeds the limits.
    case appInfoRejected(AppInfoError)
    /// Recommended only: the JSON root is an array (legacy raises instead).
    case rootNotDictionary
    /// There is no `icons` key.
    case iconsMissing
    /// `icons` is not an array.
    case iconsNotArray(String)
    /// No entry passed the entry checks (recommended), or none matched (legacy).
    case noEligibleIcon
    /// No (eligible) icon is at least 29·scale in both dimensions.
    case noneLargeEnough
    /// Legacy: the chosen `src` does not make an `NSURL` (`initWithString:relativeToURL:` is nil).
    case sourceUnresolvable(index: Int, detail: String)

    public var description: String {
        switch self {
        case .invalidScale(let scale): return "scale \(scale) is outside 1...1000"
        case .invalidAppInfoURL(let detail): return "appInfoURL is unusable: \(detail)"
        case .appInfoRejected(let error): return "appInfo.json rejected: \(error)"
        case .rootNotDictionary: return "the JSON root is not an object"
        case .iconsMissing: return "no \"icons\" key"
        case .iconsNotArray(let kind): return "\"icons\" is a \(kind), not an array"
        case .noEligibleIcon: return "no usable icon entry"
        case .noneLargeEnough: return "no icon is large enough"
        case .sourceUnresolvable(let index, let detail): return "entry \(index): src does not resolve: \(detail)"
        }
    }
}

/// Where, and why, the original Objective-C code raises an exception.
public enum RaiseReason: Hashable, Sendable, CustomStringConvertible {
    /// The JSON root is an array: `dictionary[@"icons"]` sends `objectForKeyedSubscript:` to an NSArray.
    case rootNotDictionary
    /// `[width integerValue]` (or height) sent to NSNull, an NSArray or an NSDictionary.
    case sizeWithoutIntegerValue(index: Int, key: String, kind: String)
    /// The chosen `src` is not a string: `initWithString:relativeToURL:` receives a non-NSString.
    case sourceNotString(index: Int, kind: String)

    public var description: String {
        switch self {
        case .rootNotDictionary:
            return "the JSON root is an array: objectForKeyedSubscript: is sent to an NSArray"
        case .sizeWithoutIntegerValue(let index, let key, let kind):
            return "entry \(index): \(key) is \(kind), which does not answer integerValue"
        case .sourceNotString(let index, let kind):
            return "entry \(index): the chosen src is \(kind), not a string, in initWithString:relativeToURL:"
        }
    }
}

/// Options of the recommended profile.
public struct SelectionOptions: Hashable, Sendable {
    /// Accept `http` URLs whose host is a loopback address (`localhost`, `127.0.0.0/8`, `[::1]`).
    /// Off by default; meant for local test servers.
    public var allowLoopbackHTTP: Bool

    public init(allowLoopbackHTTP: Bool = false) {
        self.allowLoopbackHTTP = allowLoopbackHTTP
    }
}

/// What selection did with one entry of `icons`, for `--explain`.
public struct EntryNote: Hashable, Sendable, CustomStringConvertible {
    /// The entry's position in `icons`.
    public var index: Int
    /// Whether the entry became the (current) choice.
    public var taken: Bool
    /// Why it was taken or passed over.
    public var reason: String

    public init(index: Int, taken: Bool, reason: String) {
        self.index = index
        self.taken = taken
        self.reason = reason
    }

    public var description: String { "entry \(index): \(taken ? "taken" : "passed over"): \(reason)" }
}

/// A selection with its per-entry explanation.
public struct ExplainedSelection: Hashable, Sendable {
    public var selection: IconSelection
    /// One note per entry examined, in order (the legacy loop stops at an exact match).
    public var notes: [EntryNote]
}

/// A selection from appInfo.json bytes with the parse it was made from.
public struct ParsedSelection: Hashable, Sendable {
    /// appInfo.json parsed with the profile's rules; `nil` when the scale was refused before parsing.
    public var appInfo: Result<AppInfo, AppInfoError>?
    public var selection: IconSelection

    public init(appInfo: Result<AppInfo, AppInfoError>?, selection: IconSelection) {
        self.appInfo = appInfo
        self.selection = selection
    }
}
