// Sources/Icons/LegacySelector.swift - The original loadIcon:withCompletionHandler: loop, quirks included

/// The legacy profile: a line-by-line reading of the seed's `loadIcon:withCompletionHandler:`.
enum LegacySelector {
    static func select(
        _ info: AppInfo, scale: Int, appInfoURL: String, notes: inout EntryNotes
    ) -> IconSelection {
        // `if (url)`: an unusable appInfoURL ends everything before the JSON is looked at.
        guard LegacyURLResolver.isUsableBase(appInfoURL) else {
            return .none(.invalidAppInfoURL("+[NSURL URLWithString:] gives no absolute URL"))
        }
        // `dictionary[@"icons"]` on an NSArray root raises.
        guard info.rootIsDictionary else { return .originalRaises(.rootNotDictionary) }
        // `if ([object isKindOfClass:[NSArray class]])`, else no icon.
        let entries: [IconEntry]
        switch info.icons {
        case .absent: return .none(.iconsMissing)
        case .notArray(let kind): return .none(.iconsNotArray(kind.kindName))
        case .array(let list): entries = list
        }
        // `preferredWidth * scale`: NSUInteger 29 times CGFloat scale, a double.
        let preferred = 29.0 * Double(scale)
        var found: (src: AppInfoValue, width: Int, height: Int, index: Int)?
        var foundWidth = Int.max  // NSInteger foundWidth = NSIntegerMax;
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let widthValue, let heightValue, let srcValue) = entry else {
                notes.add(index, taken: false, "not a dictionary: skipped")
                continue
            }
            guard widthValue != .absent, heightValue != .absent, srcValue != .absent else {
                notes.add(index, taken: false, "width, height or src missing: skipped")
                continue
            }
            // NSInteger w = [width integerValue]; NSInteger h = [height integerValue];
            guard let w = IntegerValue.of(widthValue) else {
                return .originalRaises(.sizeWithoutIntegerValue(index: index, key: "width", kind: widthValue.kindName))
            }
            guard let h = IntegerValue.of(heightValue) else {
                return .originalRaises(
                    .sizeWithoutIntegerValue(index: index, key: "height", kind: heightValue.kindName))
            }
            // NSInteger compared with a double: w is converted to double.
            if Double(w) == preferred && Double(h) == preferred {
                found = (srcValue, w, h, index)
                notes.add(index, taken: true, "\(w)x\(h) is the exact match: search ends")
                break
            } else if Double(w) > preferred && Double(h) > preferred && w < foundWidth && h < foundWidth {
                // Height is compared with the found WIDTH, as in the original.
                // The note names the foundWidth compared with, so it is written before foundWidth changes.
                notes.add(
                    index, taken: true,
                    "\(w)x\(h): both above \(format(preferred)), both below foundWidth \(name(foundWidth))")
                found = (srcValue, w, h, index)
                foundWidth = w
            } else {
                notes.add(
                    index, taken: false,
                    "\(w)x\(h): not both above \(format(preferred)) and below foundWidth \(name(foundWidth))")
            }
        }
        guard let found else { return .none(.noneLargeEnough) }
        // initWithString:foundSrc relativeToURL:url — a non-NSString src raises there.
        guard case .string(let src) = found.src else {
            return .originalRaises(.sourceNotString(index: found.index, kind: found.src.kindName))
        }
        guard let url = LegacyURLResolver.resolve(src, against: appInfoURL) else {
            return .none(.sourceUnresolvable(index: found.index, detail: "'\(src)' is not a legal URL string"))
        }
        return .icon(url: url, width: found.width, height: found.height, index: found.index)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func name(_ width: Int) -> String { width == Int.max ? "NSIntegerMax" : String(width) }
}
