// FuzzTesting/Sources/FuzzCommon/IconSelectionCheck.swift - Oracle 4: icon selection invariants per profile

import Icons

#if canImport(Glibc)
    import Glibc
#endif

/// The icon-selection oracle.
///
/// Legacy: never traps; raises exactly where the original Objective-C code would (JSON root an
/// array; the first entry holding `width`, `height` and `src` has a size that does not answer
/// `integerValue`), and every raise or icon it reports is justified by the parsed entries.
/// Recommended: never raises; a chosen icon covers 29·scale in both dimensions and no other entry
/// that the profile would take on its own covers the target with a smaller area (or the same area,
/// earlier); "no icon" means no single entry would have been taken.
public enum IconSelectionCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzIconSelection"
    /// The URL the appInfo.json is pretended to come from (relative `src` values resolve against it).
    public static let appInfoURL = "https://example.com/app/appInfo.json"

    /// Runs the oracle on one fuzz input (option byte, then appInfo.json bytes).
    /// - Returns: `false` when the input was skipped (reserved option bits).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        guard let (options, json) = IconFuzzOptions.split(input) else { return false }
        try check(json, options: options)
        return true
    }

    /// Runs the oracle on appInfo.json bytes with the given scale and profile.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    public static func check(_ json: [UInt8], options: IconFuzzOptions) throws(FuzzFinding) {
        // Parsed once: parseAndSelect is select(json:) (the entry point `xds icon` uses), returning the parse
        // it selected from, made with the profile's own rules (the legacy profile leaves trailing commas to
        // Foundation, as the original does).
        let parsed = IconSelector.parseAndSelect(
            json: json, scale: options.scale, appInfoURL: appInfoURL, profile: options.profile)
        try checkTrailingCommaRule(parsed, json: json, options: options)
        try check(parsed, options: options)
    }

    /// The recommended profile keeps to RFC 8259: a parse it accepted holds no trailing comma. Checked
    /// with this oracle's own scan, not the parser's, so a profile handed the wrong rule is a finding.
    /// - Throws: `FuzzFinding` when the recommended profile accepted a trailing comma.
    public static func checkTrailingCommaRule(
        _ parsed: ParsedSelection, json: [UInt8], options: IconFuzzOptions
    ) throws(FuzzFinding) {
        guard options.profile == .recommended, case .success = parsed.appInfo,
            let comma = trailingComma(in: json)
        else { return }
        throw FuzzFinding(
            target, "the recommended profile refuses a trailing comma (RFC 8259)", "comma at byte \(comma) accepted")
    }

    /// The offset of a comma that JSON whitespace alone separates from a closing `]` or `}`, outside
    /// strings (escapes followed); nil when there is none. Bytes other than the four JSON whitespace
    /// bytes end the run, so the scan only ever finds what RFC 8259 forbids. The rule is the
    /// recommended profile's for UTF-8 text: input with a NUL among its first four bytes is UTF-16 or
    /// UTF-32 to Foundation (RFC 4627's detection), whose commas are not these bytes, and the profile
    /// leaves such input to Foundation whole (Docs/icons.md), so the scan does not judge it.
    static func trailingComma(in json: [UInt8]) -> Int? {
        guard !json.prefix(4).contains(0) else { return nil }
        return mayHoldTrailingComma(json) ? scanForTrailingComma(json) : nil
    }

    /// What any trailing comma needs, looked for in the raw bytes (strings not tracked, commas found
    /// with memchr): a `,` that only JSON whitespace separates from a `]` or `}`. Most inputs have none,
    /// and the full scan costs a libFuzzer callback per byte compared.
    static func mayHoldTrailingComma(_ json: [UInt8]) -> Bool {
        json.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var from = 0
            while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: ",")), bytes.count - from) {
                var next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}") {
                    return true
                }
                from = next
            }
            return false
        }
    }

    /// JSON whitespace: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The byte-by-byte scan behind ``trailingComma(in:)``, strings and escapes followed.
    static func scanForTrailingComma(_ json: [UInt8]) -> Int? {
        var inString = false
        var escaped = false
        var comma: Int?
        for (offset, byte) in json.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                comma = nil
            case UInt8(ascii: ","): comma = offset
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma { return comma }
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: comma = nil
            }
        }
        return nil
    }

    /// Checks one selection from bytes against the parse it was made from: a failed parse gives no
    /// icon (legacy: `.appInfoRejected`; recommended: never an icon or a raise), a parsed value
    /// gives what the invariants of the profile allow.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    public static func check(_ parsed: ParsedSelection, options: IconFuzzOptions) throws(FuzzFinding) {
        let info: AppInfo?
        if case .success(let value) = parsed.appInfo { info = value } else { info = nil }
        switch options.profile {
        case .legacy: try LegacyInvariants(info: info, scale: options.scale).check(parsed.selection)
        case .recommended: try RecommendedInvariants(info: info, scale: options.scale).check(parsed.selection)
        }
    }
}

/// The original's raises, modelled from the parsed entries independently of `LegacySelector`.
private struct LegacyInvariants {
    let info: AppInfo?
    let scale: Int

    func fail(_ invariant: String, _ detail: String) -> FuzzFinding {
        FuzzFinding(IconSelectionCheck.target, "legacy (scale \(scale)): " + invariant, detail)
    }

    var entries: [IconEntry] {
        if case .array(let list) = info?.icons { return list }
        return []
    }

    static func answersIntegerValue(_ value: AppInfoValue) -> Bool {
        switch value {
        case .null, .array, .dictionary: return false
        default: return true
        }
    }

    /// The raise the original cannot avoid: nothing before the first complete entry can end the loop.
    var unavoidableRaise: RaiseReason? {
        guard let info else { return nil }
        guard info.rootIsDictionary else { return .rootNotDictionary }
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let width, let height, let src) = entry,
                width != .absent, height != .absent, src != .absent
            else { continue }
            if !Self.answersIntegerValue(width) {
                return .sizeWithoutIntegerValue(index: index, key: "width", kind: width.kindName)
            }
            if !Self.answersIntegerValue(height) {
                return .sizeWithoutIntegerValue(index: index, key: "height", kind: height.kindName)
            }
            return nil
        }
        return nil
    }

    func check(_ selection: IconSelection) throws(FuzzFinding) {
        guard info != nil else {
            guard case .none(.appInfoRejected) = selection else {
                throw fail("unparsable appInfo.json gives no icon", "\(selection)")
            }
            return
        }
        if let expected = unavoidableRaise {
            guard case .originalRaises(let reason) = selection, Self.sameRaise(reason, expected) else {
                throw fail("raises where the original raises", "expected \(expected), got \(selection)")
            }
            return
        }
        switch selection {
        case .originalRaises(.rootNotDictionary):
            throw fail("a raise is justified", "root-not-dictionary for a dictionary root")
        case .originalRaises(.sizeWithoutIntegerValue(let index, let key, _)):
            guard index < entries.count, case .dictionary(let width, let height, let src) = entries[index],
                width != .absent, height != .absent, src != .absent,
                !Self.answersIntegerValue(key == "width" ? width : height)
            else { throw fail("a raise is justified", "\(selection) does not match entry \(index)") }
        case .originalRaises(.sourceNotString(let index, _)):
            guard index < entries.count, case .dictionary(_, _, let src) = entries[index], src != .absent else {
                throw fail("a raise is justified", "\(selection) does not match entry \(index)")
            }
            if case .string = src { throw fail("a raise is justified", "entry \(index) src is a string") }
        case .icon(_, _, _, let index):
            guard index < entries.count, case .dictionary(_, _, .string) = entries[index] else {
                throw fail("the chosen entry has a string src", "\(selection)")
            }
        case .none: break
        }
    }

    static func sameRaise(_ a: RaiseReason, _ b: RaiseReason) -> Bool {
        switch (a, b) {
        case (.rootNotDictionary, .rootNotDictionary): return true
        case let (.sizeWithoutIntegerValue(i, k, _), .sizeWithoutIntegerValue(j, l, _)): return i == j && k == l
        default: return false
        }
    }
}
