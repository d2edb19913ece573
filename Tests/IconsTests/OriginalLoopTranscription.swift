// Tests/IconsTests/OriginalLoopTranscription.swift - A second, independent transcription of the seed's loop

@testable import Icons

/// What the Objective-C code ends with, as this transcription sees it.
enum TranscribedOutcome: Equatable {
    case raises
    case noIcon
    /// The loop's `foundSrc`, `foundWidth`, `foundHeight` and the entry it came from.
    case found(src: String, width: Int, height: Int, index: Int)
}

/// Lines 137-184 of XDSDocumentSourceAttribute.m, written again without looking at LegacySelector:
/// the objects the loop touches are modelled as what `NSJSONSerialization` hands it.
enum OriginalLoopTranscription {
    static func run(_ info: AppInfo, scale: Int) -> TranscribedOutcome {
        // id object = dictionary[@"icons"];   (raises unless dictionary is an NSDictionary)
        if !info.rootIsDictionary { return .raises }
        // if ([object isKindOfClass:[NSArray class]]) { … } else { completionHandler(nil, nil); }
        guard case .array(let object) = info.icons else { return .noIcon }
        let preferredWidth: UInt = 29
        let preferredHeight: UInt = 29
        let cgScale = Double(scale)  // CGFloat scale = [UIScreen mainScreen].scale;
        var foundSrc: AppInfoValue? = nil
        var foundIndex = -1
        var foundHeight = Int.max
        var foundWidth = Int.max
        var position = 0
        loop: for dict in object {
            defer { position += 1 }
            // if ([dict isKindOfClass:[NSDictionary class]])
            guard case .dictionary(let width, let height, let src) = dict else { continue }
            // if (width && height && src)
            if width == .absent || height == .absent || src == .absent { continue }
            guard let w = integerValue(width) else { return .raises }
            guard let h = integerValue(height) else { return .raises }
            if Double(w) == Double(preferredWidth) * cgScale && Double(h) == Double(preferredHeight) * cgScale {
                foundSrc = src
                foundIndex = position
                foundWidth = w
                foundHeight = h
                break loop
            } else if Double(w) > Double(preferredWidth) * cgScale && Double(h) > Double(preferredHeight) * cgScale
                && w < foundWidth && h < foundWidth
            {
                foundSrc = src
                foundIndex = position
                foundWidth = w
                foundHeight = h
            }
        }
        // if (foundSrc) { NSURL *imageURL = [[NSURL alloc] initWithString:foundSrc relativeToURL:url]; …
        guard let chosen = foundSrc else { return .noIcon }
        guard case .string(let text) = chosen else { return .raises }
        return .found(src: text, width: foundWidth, height: foundHeight, index: foundIndex)
    }

    /// `-integerValue` of the object, or nil when the object does not answer it.
    static func integerValue(_ value: AppInfoValue) -> Int? {
        switch value {
        case .integer(let number): return number
        case .largeInteger(let negative): return negative ? Int.min : Int.max
        case .boolean(let flag): return flag ? 1 : 0
        case .real(let number):
            if number.isNaN { return 0 }
            if number >= 0x1p63 { return Int.max }
            if number <= -0x1p63 { return Int.min }
            return Int(number)  // Swift's Int(Double) truncates toward zero
        case .string(let text): return stringIntegerValue(text)
        default: return nil
        }
    }

    /// -[NSString integerValue] by digit text: whitespace, sign, whitespace, digits; compare the
    /// digit string with the limits instead of computing with overflow checks.
    static func stringIntegerValue(_ text: String) -> Int {
        var units = Substring(String(decoding: text.utf16.map { $0 }, as: UTF16.self)).unicodeScalars[...]
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            let v = scalar.value
            return v <= 0x20 || (0x7F...0xA0).contains(v) || (0x2000...0x200B).contains(v) || v == 0x3000
        }
        units = units.drop(while: isSpace)
        var negative = false
        if let first = units.first, first == "+" || first == "-" {
            negative = first == "-"
            units = units.dropFirst().drop(while: isSpace)
        }
        var digits = String(String.UnicodeScalarView(units.prefix(while: { ("0"..."9").contains($0) })))
        if digits.isEmpty { return 0 }
        while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
        let limit = negative ? "9223372036854775808" : "9223372036854775807"
        if digits.count > limit.count || (digits.count == limit.count && digits >= limit) {
            return negative ? Int.min : Int.max
        }
        let magnitude = Int(digits) ?? 0
        return negative ? -magnitude : magnitude
    }
}
