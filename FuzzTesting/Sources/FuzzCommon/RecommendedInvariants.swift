// FuzzTesting/Sources/FuzzCommon/RecommendedInvariants.swift - The recommended profile's choice is minimal

import Icons

/// Checks a recommended-profile selection against every entry taken on its own (a metamorphic
/// oracle: an entry is a rival exactly when selection from a list holding only it picks it).
struct RecommendedInvariants {
    let info: AppInfo?
    let scale: Int

    var target: Int { 29 * scale }

    func fail(_ invariant: String, _ detail: String) -> FuzzFinding {
        FuzzFinding(IconSelectionCheck.target, "recommended (scale \(scale)): " + invariant, detail)
    }

    /// The entries whose integer sizes cover the target, with their area (full width).
    var coveringEntries: [(index: Int, entry: IconEntry, area: (high: Int, low: UInt))] {
        guard let info, info.rootIsDictionary, case .array(let entries) = info.icons else { return [] }
        return entries.enumerated().compactMap { index, entry in
            guard case .dictionary(.integer(let width), .integer(let height), _) = entry,
                width >= target, height >= target
            else { return nil }
            let area = width.multipliedFullWidth(by: height)
            return (index, entry, (area.high, area.low))
        }
    }

    /// Whether the profile takes `entry` when it is the only one.
    func takenAlone(_ entry: IconEntry) -> Bool {
        let alone = IconSelector.select(
            appInfo: AppInfo(entries: [entry]), scale: scale, appInfoURL: IconSelectionCheck.appInfoURL,
            profile: .recommended)
        if case .icon = alone { return true }
        return false
    }

    func check(_ selection: IconSelection) throws(FuzzFinding) {
        switch selection {
        case .originalRaises:
            throw fail("never raises", "\(selection)")
        case .icon(_, let width, let height, let index):
            guard width >= target, height >= target else {
                throw fail("the choice covers \(target)x\(target)", "\(width)x\(height)")
            }
            let covering = coveringEntries
            guard let chosen = covering.first(where: { $0.index == index }),
                case .dictionary(.integer(width), .integer(height), .string) = chosen.entry
            else { throw fail("the choice is the entry it names", "\(selection)") }
            for rival in covering where rival.index != index {
                let smaller =
                    rival.area.high < chosen.area.high
                    || (rival.area.high == chosen.area.high
                        && (rival.area.low < chosen.area.low
                            || (rival.area.low == chosen.area.low && rival.index < index)))
                if smaller && takenAlone(rival.entry) {
                    throw fail("no smaller covering rival", "entry \(rival.index) beats entry \(index)")
                }
            }
        case .none(.noneLargeEnough), .none(.noEligibleIcon):
            for candidate in coveringEntries where takenAlone(candidate.entry) {
                throw fail("no icon only when no entry covers", "entry \(candidate.index) alone is taken")
            }
        case .none:
            break
        }
    }
}
