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
        let parsed = try check(input, limits: .default)
        try check(input, limits: tinyLimits)
        // Without a trailing comma, `parse` runs the same code with trailing commas allowed or not (the
        // size check, then the reader): its answer is the one to hold to Foundation, parsed once.
        let relaxed = parsed.isTrailingCommaRefusal ? nil : parsed
        try checkAgainstFoundation(input, parsed: relaxed)
        return true
    }

    /// The fast reader answers as Foundation does: `parse` with trailing commas allowed (nothing
    /// checked before the reader but the size) gives exactly `JSONSerialization`'s result, the
    /// value or the error with its text and offset, for every input within the size limit.
    /// - Parameter parsed: that parse's answer when the caller has it already.
    public static func checkAgainstFoundation(
        _ input: [UInt8], parsed: Result<AppInfo, AppInfoError>? = nil
    ) throws(FuzzFinding) {
        let limits = AppInfoLimits.default
        guard input.count <= limits.maxBytes else { return }
        let ours =
            parsed
            ?? Result { () throws(AppInfoError) in
                try AppInfo.parse(input, limits: limits, acceptTrailingCommas: true)
            }
        let foundation = Result { () throws(AppInfoError) in try AppInfo.parseWithFoundation(input, limits: limits) }
        guard ours == foundation else {
            throw FuzzFinding(
                target, "the fast reader answers as Foundation does", "\(ours) vs Foundation \(foundation)")
        }
    }

    /// Parses `input` under `limits` (trailing commas refused, as the recommended profile does) and
    /// checks the result.
    /// - Returns: the parse's answer.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func check(
        _ input: [UInt8], limits: AppInfoLimits
    ) throws(FuzzFinding) -> Result<AppInfo, AppInfoError> {
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
            return .failure(error)
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
        return .success(parsed)
    }
}

extension Result<AppInfo, AppInfoError> {
    /// Whether this is `parse`'s refusal of a trailing comma (the one answer that depends on
    /// `acceptTrailingCommas`).
    fileprivate var isTrailingCommaRefusal: Bool {
        guard case .failure(let error) = self else { return false }
        return error.detail == AppInfo.trailingCommaDetail
    }
}
