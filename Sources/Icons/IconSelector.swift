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
        var notes = EntryNotes(recording: false)
        return select(
            appInfo: appInfo, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, notes: &notes)
    }

    /// Selects from appInfo.json bytes; a JSON error or an input over `limits` gives no icon.
    public static func select(
        json: [UInt8], scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions(), limits: AppInfoLimits = .default
    ) -> IconSelection {
        parseAndSelect(
            json: json, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, limits: limits
        ).selection
    }

    /// ``select(json:scale:appInfoURL:profile:options:limits:)`` with the parse it selected from,
    /// for callers that also look at the parsed value (the fuzz oracles): one parse for both.
    public static func parseAndSelect(
        json: [UInt8], scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions(), limits: AppInfoLimits = .default
    ) -> ParsedSelection {
        var notes = EntryNotes(recording: false)
        return select(
            json: json, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, limits: limits,
            notes: &notes)
    }

    /// ``select(appInfo:scale:appInfoURL:profile:options:)`` with a note per entry examined.
    public static func explain(
        appInfo: AppInfo, scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions()
    ) -> ExplainedSelection {
        var notes = EntryNotes(recording: true)
        let selection = select(
            appInfo: appInfo, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, notes: &notes)
        return ExplainedSelection(selection: selection, notes: notes.list)
    }

    /// The selection, with notes in `notes` when it records them (`select` skips writing them).
    static func select(
        appInfo: AppInfo, scale: Int, appInfoURL: String, profile: IconProfile, options: SelectionOptions,
        notes: inout EntryNotes
    ) -> IconSelection {
        guard scales.contains(scale) else { return .none(.invalidScale(scale)) }
        switch profile {
        case .legacy:
            return LegacySelector.select(appInfo, scale: scale, appInfoURL: appInfoURL, notes: &notes)
        case .recommended:
            return RecommendedSelector.select(
                appInfo, scale: scale, appInfoURL: appInfoURL, options: options, notes: &notes)
        }
    }

    /// ``select(json:scale:appInfoURL:profile:options:limits:)`` with a note per entry examined.
    public static func explain(
        json: [UInt8], scale: Int, appInfoURL: String, profile: IconProfile,
        options: SelectionOptions = SelectionOptions(), limits: AppInfoLimits = .default
    ) -> ExplainedSelection {
        var notes = EntryNotes(recording: true)
        let parsed = select(
            json: json, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, limits: limits,
            notes: &notes)
        return ExplainedSelection(selection: parsed.selection, notes: notes.list)
    }

    /// The selection from bytes and the parse it came from, with notes in `notes` when it records them.
    static func select(
        json: [UInt8], scale: Int, appInfoURL: String, profile: IconProfile, options: SelectionOptions,
        limits: AppInfoLimits, notes: inout EntryNotes
    ) -> ParsedSelection {
        guard scales.contains(scale) else {
            return ParsedSelection(appInfo: nil, selection: .none(.invalidScale(scale)))
        }
        let info: AppInfo
        do {
            // The original's NSJSONSerialization accepts trailing commas; the recommended profile keeps to RFC 8259.
            info = try AppInfo.parse(json, limits: limits, acceptTrailingCommas: profile == .legacy)
        } catch {
            // The original checks the appInfoURL before loading anything: an unusable one wins over the JSON error.
            let baseUsable =
                profile == .legacy
                ? LegacyURLResolver.isUsableBase(appInfoURL)
                : (try? RecommendedURLPolicy.base(appInfoURL).get()) != nil
            guard baseUsable else {
                let selection = select(
                    appInfo: AppInfo(rootIsDictionary: true, icons: .absent), scale: scale, appInfoURL: appInfoURL,
                    profile: profile, options: options, notes: &notes)
                return ParsedSelection(appInfo: .failure(error), selection: selection)
            }
            return ParsedSelection(appInfo: .failure(error), selection: .none(.appInfoRejected(error)))
        }
        let selection = select(
            appInfo: info, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options, notes: &notes)
        return ParsedSelection(appInfo: .success(info), selection: selection)
    }
}
