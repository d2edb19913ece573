// FuzzTesting/Sources/FuzzCommon/AmplificationBound.swift - Oracle work proportional to the input

import BinaryPlist

/// Keeps an oracle's work on a decoded value proportional to the input that produced it.
///
/// Without shared containers a decoded tree has at most as many values as the input has bytes (every
/// value but the root costs at least one reference byte). Shared containers can make a few hundred
/// bytes decode to 2^20 values (the decoder's `bplist.object.expansion` bound), and the canonical
/// encoder writes a shared container once per use, so re-encoding such a value writes megabytes:
/// a 147-byte chain of doubly shared arrays costs 1.7 CPU seconds to round-trip under ASan, where
/// an ordinary input costs tens of microseconds. For such an *amplified* value the oracle checks the
/// value cut to a bounded depth instead: the containers at the cut become empty containers of the
/// same kind, so every level the bound allows (and every scalar in it) still goes through the
/// encoder and back. The decoder itself still reads the whole input.
public enum AmplificationBound {
    /// The values an oracle handles in full for an input of `count` bytes: twice the count, plus room
    /// for tiny inputs. Every unshared tree fits.
    public static func values(forInputOf count: Int) -> Int { 2 * count + 64 }

    /// `value` when its tree (shared references counted once per use) has at most `bound` values;
    /// otherwise the deepest cut of it that has at most `bound` values.
    /// - Returns: the value to check and whether it was cut.
    public static func bounded(_ value: PropertyListValue, to bound: Int) -> (value: PropertyListValue, cut: Bool) {
        guard expandedCount(value, cap: bound, depthLimit: Int.max) > bound else { return (value, false) }
        // The deepest limit whose cut fits: the count grows with the limit, so search it.
        var fits = 0
        var tooDeep = 1
        while expandedCount(value, cap: bound, depthLimit: tooDeep) <= bound {
            fits = tooDeep
            tooDeep *= 2
        }
        while tooDeep - fits > 1 {
            let middle = (fits + tooDeep) / 2
            if expandedCount(value, cap: bound, depthLimit: middle) <= bound { fits = middle } else { tooDeep = middle }
        }
        return (cut(value, depthLimit: fits), true)
    }

    /// The number of values in `value`'s tree down to `depthLimit` container levels (the root
    /// container's elements are at level 1), counting stops once it exceeds `cap`.
    static func expandedCount(_ value: PropertyListValue, cap: Int, depthLimit: Int) -> Int {
        var total = 0
        count(value, depth: 0, depthLimit: depthLimit, cap: cap, into: &total)
        return total
    }

    private static func count(
        _ value: PropertyListValue, depth: Int, depthLimit: Int, cap: Int, into total: inout Int
    ) {
        total += 1
        guard total <= cap, depth < depthLimit else { return }
        switch value {
        case .array(let elements), .set(let elements):
            for element in elements {
                count(element, depth: depth + 1, depthLimit: depthLimit, cap: cap, into: &total)
                if total > cap { return }
            }
        case .dictionary(let entries):
            for (_, element) in entries {
                // The key is a value of its own in the encoding.
                total += 1
                count(element, depth: depth + 1, depthLimit: depthLimit, cap: cap, into: &total)
                if total > cap { return }
            }
        default: return
        }
    }

    /// `value` with every container `depthLimit` levels down emptied (kind kept).
    static func cut(_ value: PropertyListValue, depthLimit: Int) -> PropertyListValue {
        switch value {
        case .array(let elements):
            return .array(depthLimit == 0 ? [] : elements.map { cut($0, depthLimit: depthLimit - 1) })
        case .set(let elements):
            return .set(depthLimit == 0 ? [] : elements.map { cut($0, depthLimit: depthLimit - 1) })
        case .dictionary(let entries):
            return .dictionary(depthLimit == 0 ? [:] : entries.mapValues { cut($0, depthLimit: depthLimit - 1) })
        default:
            return value
        }
    }
}
