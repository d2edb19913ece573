// Sources/Icons/SourceResolution.swift - Public access to each profile's src resolution and integerValue

/// Each profile's way of turning a `src` into an absolute URL, for fuzzers, benches and vectors.
public enum SourceResolution {
    /// `-[NSURL initWithString:src relativeToURL:base].absoluteString` as classic CFURL computes it;
    /// `nil` where NSURL is nil, or when `base` is not an absolute http(s) URL.
    public static func legacy(_ src: String, against base: String) -> String? {
        guard LegacyURLResolver.isUsableBase(base) else { return nil }
        return LegacyURLResolver.resolve(src, against: base)
    }

    /// RFC 3986 resolution plus the recommended acceptance rules (https only, …).
    public static func recommended(
        _ src: String, against base: String, options: SelectionOptions = SelectionOptions()
    ) -> Result<String, URLRefusal> {
        switch RecommendedURLPolicy.base(base) {
        case .failure(let refusal): return .failure(URLRefusal("appInfoURL: \(refusal.reason)"))
        case .success(let parsed): return RecommendedURLPolicy.resolve(src, against: parsed, options: options)
        }
    }
}

extension AppInfoValue {
    /// What `[value integerValue]` returns in the original, or `nil` where that message raises.
    public var legacyIntegerValue: Int? { IntegerValue.of(self) }
}
