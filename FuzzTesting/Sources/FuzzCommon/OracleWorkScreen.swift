// FuzzTesting/Sources/FuzzCommon/OracleWorkScreen.swift - Keeps libplist 2.2 out of exponential work

/// Decides, without the reference decoder, whether libplist 2.2 can decode an input in bounded work.
///
/// libplist 2.2 materialises a shared object once per reference (a DAG of n objects can expand to
/// 2^n nodes) and has no depth limit. This screen reads the trailer, the offset table and the
/// container markers on its own and computes the materialised node count and the nesting depth
/// of the tree libplist would build. The differential oracle skips libplist (and checks only the
/// reference) when the screen says `skip`; Docs/fuzzing.md lists the bounds.
public struct OracleWorkScreen: Sendable {
    /// Why libplist is not asked.
    public enum Skip: String, Hashable, Sendable {
        /// A reference cycle: libplist 2.2 would recurse forever or stop at an unrelated check.
        case cycle
        /// More nested than `maximumDepth`.
        case depth
        /// More materialised nodes than `maximumNodes`.
        case expansion
        /// More string and data bytes materialised (per use) than `maximumPayloadBytes`: libplist copies
        /// a payload for every reference and every offset-table entry naming it, and has no budget, while
        /// the reference rejects aliased entries past 16 MiB (`bplist.object.payload-budget`).
        case payload
        /// A dictionary key is a UTF-16 string holding U+0000: libplist 2.2 then aborts
        /// (`assert(length == strlen(*val))` in `plist_get_key_val`) when the dictionary is read.
        case nulInUTF16Key = "nul-in-utf16-key"
    }

    /// Nesting beyond this is left to the reference (its default depth limit is 512).
    public var maximumDepth = 512
    /// Materialised nodes beyond this are left to the reference.
    public var maximumNodes = 20_000
    /// Materialised string and data bytes beyond this are left to the reference (below the reference's
    /// payload budget of 16 MiB, so every input that budget rejects is screened).
    public var maximumPayloadBytes = 1 << 20

    /// Creates a screen with the default bounds.
    public init() {}

    /// Screens `bytes`.
    /// - Returns: `nil` when libplist may run (including inputs it will reject quickly), else why not.
    public func skipReason(_ bytes: [UInt8]) -> Skip? {
        guard let layout = Layout(bytes) else { return nil }
        var walk = Walk(layout: layout, screen: self)
        return walk.visit(layout.topObject, depth: 1).skip
    }

    /// Whether some offset-table entry points outside the object area `[8, offset table)` — into the
    /// header, the table or the trailer — which libplist 2.2 does not check.
    /// - Returns: `false` also when the trailer or table is unreadable.
    public static func hasObjectOffsetOutsideObjectArea(_ bytes: [UInt8]) -> Bool {
        guard let layout = Layout(bytes) else { return false }
        return (0..<layout.objectCount).contains { index in
            let offset = Layout.bigEndian(bytes, layout.tableOffset + index * layout.offsetSize, layout.offsetSize)
            return offset < 8 || offset >= UInt64(layout.tableOffset)
        }
    }

    /// `bytes` with the bytes between the end of the offset table and the trailer removed.
    /// - Returns: `nil` when there is no such gap (or the trailer or table is unreadable).
    public static func closingGapBeforeTrailer(_ bytes: [UInt8]) -> [UInt8]? {
        guard let layout = Layout(bytes) else { return nil }
        let tableEnd = layout.tableOffset + layout.objectCount * layout.offsetSize
        let trailer = bytes.count - 32
        guard tableEnd < trailer else { return nil }
        return Array(bytes[..<tableEnd] + bytes[trailer...])
    }

    /// Whether the trailer's widths are too narrow for what they must address: offsets narrower than
    /// the offset table's own offset needs, or references narrower than the object count needs (both
    /// as CoreFoundation counts: 2^(8·width) must exceed the table offset or the object count).
    /// CoreFoundation rejects this; libplist 2.2 does not check.
    public static func hasTooNarrowWidths(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 32 else { return false }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6])
        let refSize = Int(bytes[t + 7])
        let count = Layout.bigEndian(bytes, t + 8, 8)
        let table = Layout.bigEndian(bytes, t + 24, 8)
        let offsetsTooNarrow = (1..<8).contains(offsetSize) && table >> (8 * offsetSize) != 0
        // CoreFoundation's test, which the reference shares: 2^(8·width) must exceed the object count
        // itself (not only the highest index), so 256 objects already need 2-byte references.
        let refsTooNarrow = (1..<8).contains(refSize) && count >> (8 * refSize) != 0
        return offsetsTooNarrow || refsTooNarrow
    }

    /// The trailer's offset-table start (its last 8 bytes, as libplist 2.2 reads it), if there is a trailer.
    public static func tableOffset(_ bytes: [UInt8]) -> UInt64? {
        bytes.count >= 40 ? Layout.bigEndian(bytes, bytes.count - 8, 8) : nil
    }

    /// Whether some object in the offset table is an empty UTF-16 string (0x60, or 0x6F 0x10 0x00), which
    /// libplist 2.2 rejects.
    public static func hasEmptyUTF16String(_ bytes: [UInt8]) -> Bool {
        guard let layout = Layout(bytes) else { return false }
        return (0..<layout.objectCount).contains { index in
            guard let (marker, _, count) = layout.header(of: index) else { return false }
            return marker >> 4 == 0x6 && count == 0  // 0x60, or 0x6F with a long-form count of 0
        }
    }

    /// The marker byte of the object that the offset table places at `offset`, if any.
    public static func marker(ofObjectAt offset: Int, in bytes: [UInt8]) -> UInt8? {
        guard let layout = Layout(bytes), offset < bytes.count else { return nil }
        let placed = (0..<layout.objectCount).contains { index in
            Layout.bigEndian(bytes, layout.tableOffset + index * layout.offsetSize, layout.offsetSize) == UInt64(offset)
        }
        return placed ? bytes[offset] : nil
    }

    /// The marker kind (`0x5` ASCII, `0x6` UTF-16) of the string object whose payload holds `offset`.
    /// - Returns: `nil` when no string object's payload covers that byte.
    public static func stringKind(_ bytes: [UInt8], containing offset: Int) -> UInt8? {
        guard let layout = Layout(bytes), offset < bytes.count else { return nil }
        for index in 0..<layout.objectCount {
            guard let (marker, start, count) = layout.header(of: index) else { continue }
            let kind = marker >> 4
            guard kind == 0x5 || kind == 0x6, offset >= start else { continue }
            let length = kind == 0x6 ? count &* 2 : count
            if UInt64(offset - start) < length { return kind }
        }
        return nil
    }

    private struct Layout {
        let bytes: [UInt8]
        let offsetSize: Int
        let refSize: Int
        let objectCount: Int
        let topObject: Int
        let tableOffset: Int

        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 40 else { return nil }
            let t = bytes.count - 32
            offsetSize = Int(bytes[t + 6])
            refSize = Int(bytes[t + 7])
            guard offsetSize >= 1, refSize >= 1 else { return nil }
            let count = Layout.bigEndian(bytes, t + 8, 8)
            let top = Layout.bigEndian(bytes, t + 16, 8)
            let table = Layout.bigEndian(bytes, t + 24, 8)
            guard count > 0, count <= UInt64(bytes.count), top < count, table < UInt64(t) else { return nil }
            guard Int(table) + Int(count) * offsetSize <= t else { return nil }
            self.bytes = bytes
            objectCount = Int(count)
            topObject = Int(top)
            tableOffset = Int(table)
        }

        /// The big-endian value of `width` bytes at `start`; of a field wider than 8 bytes only the last
        /// 8 count, as libplist 2.2 reads them.
        static func bigEndian(_ bytes: [UInt8], _ start: Int, _ width: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in (start + max(0, width - 8))..<(start + width) { value = value << 8 | UInt64(bytes[i]) }
            return value
        }

        /// The marker of object `index`, where its payload starts and its count (0xF form resolved).
        func header(of index: Int) -> (marker: UInt8, payload: Int, count: UInt64)? {
            let offset = Layout.bigEndian(bytes, tableOffset + index * offsetSize, offsetSize)
            guard offset < UInt64(bytes.count - 32) else { return nil }
            var p = Int(offset)
            let marker = bytes[p]
            var count = UInt64(marker & 0xF)
            p += 1
            if count == 0xF {
                guard p < bytes.count, bytes[p] >> 4 == 0x1 else { return nil }
                let width = 1 << Int(bytes[p] & 0xF)
                guard width <= 16, p + 1 + width <= bytes.count else { return nil }
                count = Layout.bigEndian(bytes, p + 1, width)
                p += 1 + width
            }
            return (marker, p, count)
        }

        /// The bytes libplist copies for a data (0x4), ASCII (0x5) or UTF-16 (0x6) object whose payload of
        /// `count` units starts at `start`: 0 for other objects and for a payload that runs past the input
        /// (libplist rejects that without copying).
        func payloadBytes(marker: UInt8, start: Int, count: UInt64) -> Int {
            let unit: UInt64
            switch marker >> 4 {
            case 0x4, 0x5: unit = 1
            case 0x6: unit = 2
            default: return 0
            }
            guard count <= UInt64(bytes.count), start + Int(count * unit) <= bytes.count else { return 0 }
            return Int(count * unit)
        }

        /// Whether object `index` is a UTF-16 string (marker 0x6n) with a U+0000 unit.
        func isUTF16StringWithNUL(_ index: Int) -> Bool {
            guard index < objectCount, let (marker, start, count) = header(of: index), marker >> 4 == 0x6,
                count <= UInt64(bytes.count), start + Int(count) * 2 <= bytes.count
            else { return false }
            return (0..<Int(count)).contains { bytes[start + 2 * $0] == 0 && bytes[start + 2 * $0 + 1] == 0 }
        }

        /// Where the references of the container whose `header(of:)` is `header` start and how many there
        /// are (keys then values for a dictionary); nil for leaves and malformed containers (libplist
        /// rejects those). The walk passes the header it has already read.
        func references(_ header: (marker: UInt8, payload: Int, count: UInt64)) -> (start: Int, count: Int)? {
            let (marker, p, count) = header
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return nil }
            let refs = kind == 0xD ? count &* 2 : count
            guard refs <= UInt64(bytes.count), p + Int(refs) * refSize <= bytes.count else { return nil }
            return (p, Int(refs))
        }

        /// Reference `position` of a container whose references start at `start`. A reference beyond
        /// Int.max is simply out of range (libplist rejects it).
        func reference(_ position: Int, from start: Int) -> Int {
            Int(clamping: Layout.bigEndian(bytes, start + position * refSize, refSize))
        }
    }

    private struct Walk {
        /// What the walk knows of one object.
        struct Seen {
            /// 0 not seen, 1 being visited (a cycle if met again), 2 done with the counts below.
            var state: UInt8 = 0
            var nodes = 0
            var height = 0
            var payload = 0
        }

        let layout: Layout
        let screen: OracleWorkScreen
        /// One entry per object, in one array: this runs on every differential input.
        var seen: [Seen]

        init(layout: Layout, screen: OracleWorkScreen) {
            self.layout = layout
            self.screen = screen
            // Reserved and appended: `Array(repeating:count:)` takes the standard library's unspecialised
            // allocation path, which looks up the array's generic metadata on every call.
            seen = []
            seen.reserveCapacity(layout.objectCount)
            seen.append(contentsOf: repeatElement(Seen(), count: layout.objectCount))
        }

        /// Visits `index` found at `depth` (the root is at depth 1).
        mutating func visit(_ index: Int, depth: Int) -> (nodes: Int, height: Int, payload: Int, skip: Skip?) {
            guard index < layout.objectCount else { return (1, 1, 0, nil) }
            switch seen[index].state {
            case 1:
                return (0, 0, 0, .cycle)
            case 2:
                let known = seen[index]
                return depth + known.height - 1 > screen.maximumDepth
                    ? (0, 0, 0, .depth) : (known.nodes, known.height, known.payload, nil)
            default:
                break
            }
            guard depth <= screen.maximumDepth else { return (0, 0, 0, .depth) }
            seen[index].state = 1
            var total = 1
            var height = 1
            let header = layout.header(of: index)
            var payload = header.map { layout.payloadBytes(marker: $0.marker, start: $0.payload, count: $0.count) } ?? 0
            let references = header.flatMap(layout.references)
            if let (marker, _, _) = header, marker >> 4 == 0xD, let (start, count) = references {
                for key in 0..<(count / 2) where layout.isUTF16StringWithNUL(layout.reference(key, from: start)) {
                    return (0, 0, 0, .nulInUTF16Key)
                }
            }
            if let (start, count) = references {
                for position in 0..<count {
                    let visited = visit(layout.reference(position, from: start), depth: depth + 1)
                    if let skip = visited.skip { return (0, 0, 0, skip) }
                    total += visited.nodes
                    payload += visited.payload
                    height = max(height, visited.height + 1)
                    if total > screen.maximumNodes { return (0, 0, 0, .expansion) }
                    if payload > screen.maximumPayloadBytes { return (0, 0, 0, .payload) }
                }
            }
            if payload > screen.maximumPayloadBytes { return (0, 0, 0, .payload) }
            seen[index] = Seen(state: 2, nodes: total, height: height, payload: payload)
            return (total, height, payload, nil)
        }
    }
}
