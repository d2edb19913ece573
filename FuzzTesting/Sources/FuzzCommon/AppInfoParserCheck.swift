// FuzzTesting/Sources/FuzzCommon/AppInfoParserCheck.swift - Oracle: the appInfo.json parser on its own

import Icons

/// The appInfo.json parser's oracle, without icon selection in the way.
///
/// Each input is parsed twice: with the default limits and with tiny ones (64 bytes, 2 entries), so
/// that the limit paths are reached by short inputs. Accepted: the input is within the byte limit, an
/// `icons` array within the entry limit, and parsing again gives the same result. Rejected: the offset
/// (when given) lies in `0...count`, and `limit` is named exactly when a limit is exceeded.
public enum AppInfoParserCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzAppInfoParser"

    /// The small limits every input is also parsed with.
    public static let tinyLimits = AppInfoLimits(maxBytes: 64, maxEntries: 2)

    /// Runs the oracle on one fuzz input (the whole input is appInfo.json).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        try check(input, limits: .default)
        try check(input, limits: tinyLimits)
        try checkAgainstFoundation(input)
        return true
    }

    /// The fast reader answers as Foundation does: `parse` with trailing commas allowed (nothing
    /// checked before the reader but the size) gives exactly `JSONSerialization`'s result, the
    /// value or the error with its text and offset, for every input within the size limit.
    public static func checkAgainstFoundation(_ input: [UInt8]) throws(FuzzFinding) {
        let limits = AppInfoLimits.default
        guard input.count <= limits.maxBytes else { return }
        let ours = Result { () throws(AppInfoError) in
            try AppInfo.parse(input, limits: limits, acceptTrailingCommas: true)
        }
        let foundation = Result { () throws(AppInfoError) in try AppInfo.parseWithFoundation(input, limits: limits) }
        guard ours == foundation else {
            throw FuzzFinding(
                target, "the fast reader answers as Foundation does", "\(ours) vs Foundation \(foundation)")
        }
    }

    /// Parses `input` under `limits` and checks the result.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    public static func check(_ input: [UInt8], limits: AppInfoLimits) throws(FuzzFinding) {
        let parsed: AppInfo
        do {
            parsed = try AppInfo.parse(input, limits: limits)
        } catch {
            if let offset = error.offset, !(0...input.count).contains(offset) {
                throw FuzzFinding(target, "an error offset lies inside the input", "\(error), \(input.count) bytes")
            }
            if error.category == .limit && input.count <= limits.maxBytes {
                // Only an icons array longer than maxEntries may be the reason; re-parse without that bound.
                let roomy = AppInfoLimits(maxBytes: limits.maxBytes, maxEntries: Int.max)
                guard case .array(let entries)? = try? AppInfo.parse(input, limits: roomy).icons,
                    entries.count > limits.maxEntries
                else {
                    throw FuzzFinding(target, "limit is named only when a limit is exceeded", "\(error)")
                }
            }
            return
        }
        guard input.count <= limits.maxBytes else {
            throw FuzzFinding(target, "input over maxBytes is rejected", "\(input.count) bytes accepted")
        }
        if case .array(let entries) = parsed.icons, entries.count > limits.maxEntries {
            throw FuzzFinding(target, "icons over maxEntries are rejected", "\(entries.count) entries accepted")
        }
        guard (try? AppInfo.parse(input, limits: limits)) == parsed else {
            throw FuzzFinding(target, "parsing is deterministic", "a second parse differs")
        }
    }
}
