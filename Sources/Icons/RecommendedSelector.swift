// Sources/Icons/RecommendedSelector.swift - The recommended profile: strict sizes, smallest covering icon

/// The recommended profile.
///
/// An entry is eligible when it is a dictionary whose `width` and `height` are JSON integers
/// (not strings, reals or booleans) greater than 0 and whose `src` is a string that
/// ``RecommendedURLPolicy`` accepts. Among eligible entries covering the target `T = 29·scale`
/// (`width >= T && height >= T`) the one with the smallest area `width × height` wins; equal
/// areas go to the first in the list. An exact `T×T` entry therefore wins when present (the
/// first of several). No covering entry: no icon.
enum RecommendedSelector {
    static func select(
        _ info: AppInfo, scale: Int, appInfoURL: String, options: SelectionOptions, notes: inout EntryNotes
    ) -> IconSelection {
        let base: URIReference
        switch RecommendedURLPolicy.base(appInfoURL) {
        case .failure(let refusal): return .none(.invalidAppInfoURL(refusal.reason))
        case .success(let parsed): base = parsed
        }
        guard info.rootIsDictionary else { return .none(.rootNotDictionary) }
        let entries: [IconEntry]
        switch info.icons {
        case .absent: return .none(.iconsMissing)
        case .notArray(let kind): return .none(.iconsNotArray(kind.kindName))
        case .array(let list): entries = list
        }
        let target = 29 * scale  // scale is 1...1000, no overflow
        var best: (url: String, width: Int, height: Int, index: Int, area: (high: Int, low: UInt))?
        var sawEligible = false
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let widthValue, let heightValue, let srcValue) = entry else {
                notes.add(index, taken: false, "not a dictionary")
                continue
            }
            guard case .integer(let width) = widthValue, width > 0 else {
                notes.add(index, taken: false, "width is not a positive integer (\(widthValue.kindName))")
                continue
            }
            guard case .integer(let height) = heightValue, height > 0 else {
                notes.add(index, taken: false, "height is not a positive integer (\(heightValue.kindName))")
                continue
            }
            guard case .string(let src) = srcValue else {
                notes.add(index, taken: false, "src is not a string (\(srcValue.kindName))")
                continue
            }
            let url: String
            switch RecommendedURLPolicy.resolve(src, against: base, options: options) {
            case .failure(let refusal):
                notes.add(index, taken: false, "src refused: \(refusal.reason)")
                continue
            case .success(let resolved): url = resolved
            }
            sawEligible = true
            guard width >= target && height >= target else {
                notes.add(index, taken: false, "\(width)x\(height) does not cover \(target)x\(target)")
                continue
            }
            let area = width.multipliedFullWidth(by: height)
            if let current = best,
                !(area.high < current.area.high || (area.high == current.area.high && area.low < current.area.low))
            {
                notes.add(index, taken: false, "\(width)x\(height) is not smaller than entry \(current.index)")
                continue
            }
            best = (url, width, height, index, (area.high, area.low))
            notes.add(index, taken: true, "\(width)x\(height) covers \(target)x\(target) with the smallest area so far")
        }
        guard let best else { return .none(sawEligible ? .noneLargeEnough : .noEligibleIcon) }
        return .icon(url: best.url, width: best.width, height: best.height, index: best.index)
    }
}
