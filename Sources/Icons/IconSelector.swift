// Sources/Icons/IconSelector.swift - The public entry points of icon selection

/// Chooses the icon for a 29×29-point slot at a screen scale. Pure, deterministic, no I/O; never
/// traps, whatever the input.
public enum IconSelector {
    /// The accepted scales.
    public static let scales: ClosedRange<Int> = 1...1000

    /// Selects from a parsed appInfo.json.
    /// - Parameters:
    ///   - appInfo: the parsed appInfo.json.
    ///   - scale: the screen scale (1, 2, 3; anything in ``scales``).
    ///   - appInfoURL: the URL appInfo.json was loaded from; relative `src` values resolve against it.
    ///   - profile: ``IconProfile/recommended`` or ``IconProfile/legacy``.
    ///   - options: recommended-profile options.
    public static func select(
        appInfo: AppInfo, scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions()
    ) -> IconSelection {
        explain(appInfo: appInfo, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options).selection
    }

    /// Selects from appInfo.json bytes; a JSON error or an input over `limits` gives no icon.
    public static func select(
        json: [UInt8], scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions(), limits: AppInfoLimits = .default
    ) -> IconSelection {
        explain(json: json, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, limits: limits)
            .selection
    }

    /// ``select(appInfo:scale:appInfoURL:profile:options:)`` with a note per entry examined.
    public static func explain(
        appInfo: AppInfo, scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions()
    ) -> ExplainedSelection {
        var notes: [EntryNote] = []
        guard scales.contains(scale) else {
            return ExplainedSelection(selection: .none(.invalidScale(scale)), notes: [])
        }
        let selection: IconSelection
        switch profile {
        case .legacy:
            selection = LegacySelector.select(appInfo, scale: scale, appInfoURL: appInfoURL, notes: &notes)
        case .recommended:
            selection = RecommendedSelector.select(
                appInfo, scale: scale, appInfoURL: appInfoURL, options: options, notes: &notes)
        }
        return ExplainedSelection(selection: selection, notes: notes)
    }

    /// ``select(json:scale:appInfoURL:profile:options:limits:)`` with a note per entry examined.
    public static func explain(
        json: [UInt8], scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions(), limits: AppInfoLimits = .default
    ) -> ExplainedSelection {
        guard scales.contains(scale) else {
            return ExplainedSelection(selection: .none(.invalidScale(scale)), notes: [])
        }
        // The original checks the appInfoURL before loading anything.
        let baseUsable =
            profile == .legacy
            ? LegacyURLResolver.isUsableBase(appInfoURL)
            : (try? RecommendedURLPolicy.base(appInfoURL).get()) != nil
        let info: AppInfo
        do {
            // The original's NSJSONSerialization accepts trailing commas; the recommended profile keeps to RFC 8259.
            info = try AppInfo.parse(json, limits: limits, acceptTrailingCommas: profile == .legacy)
        } catch {
            guard baseUsable else {
                return explain(
                    appInfo: AppInfo(rootIsDictionary: true, icons: .absent), scale: scale, appInfoURL: appInfoURL,
                    profile: profile, options: options)
            }
            return ExplainedSelection(selection: .none(.appInfoRejected(error)), notes: [])
        }
        return explain(appInfo: info, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options)
    }
}
