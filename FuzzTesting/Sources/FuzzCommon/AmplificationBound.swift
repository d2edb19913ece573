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
        guard let fits = deepestFittingLimit(value, bound: bound) else { return (value, false) }
        return (cut(value, depthLimit: fits), true)
    }

    /// The largest depth limit whose cut of `value` has at most `bound` values (0 when even the
    /// root's elements do not fit), or nil when the whole tree fits. Level by level: the count grows
    /// with the limit, and the levels are counted only until the bound is passed, so the work is at
    /// most `bound` values whatever the tree expands to.
    static func deepestFittingLimit(_ value: PropertyListValue, bound: Int) -> Int? {
        var level = [value]
        var next: [PropertyListValue] = []
        // Values down to `depth` levels (the root's elements are at level 1).
        var total = 1
        var depth = 0
        while !level.isEmpty {
            for element in level {
                switch element {
                case .array(let elements), .set(let elements):
                    total += elements.count
                    if total > bound { return depth }
                    next.append(contentsOf: elements)
                case .dictionary(let entries):
                    // The key is a value of its own in the encoding.
                    total += 2 * entries.count
                    if total > bound { return depth }
                    next.append(contentsOf: entries.values)
                default: continue
                }
            }
            swap(&level, &next)
            next.removeAll(keepingCapacity: true)
            depth += 1
        }
        return total > bound ? 0 : nil
    }

    /// Whether a value decoded with `statistics` from an input of `count` bytes fits
    /// `values(forInputOf: count)` without being counted: when no reference was answered from an
    /// already decoded object, every value of the tree (keys included) is an object decoded once,
    /// and the input holds an offset-table entry of at least one byte per object.
    public static func fitsUncounted(_ statistics: DecodingStatistics, inputOf count: Int) -> Bool {
        statistics.referencesReused == 0 && statistics.objectsDecoded <= values(forInputOf: count)
    }

    /// The number of values in `value`'s tree down to `depthLimit` container levels (the root
    /// container's elements are at level 1), counting stops once it exceeds `cap`. The oracle uses
    /// ``deepestFittingLimit(_:bound:)``; this straightforward count is the reference its tests hold it to.
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
