// FuzzTesting/Sources/FuzzCommon/BPlistLayout.swift - A bplist00 as an object table, rewritable in any layout

/// A decoded-enough bplist00: its objects as leaf bytes or container references, and the layout
/// choices of the file (widths, order, trailer fields). The structure-aware mutator reads the
/// reference encoder's output into this, changes the layout, and writes it back.
///
/// Reading takes any bytes and follows what has a plain layout (the encoder's output, and most
/// layouts the mutator itself wrote); writing can produce any layout, including ones the strict
/// decoder rejects (that is the point).
struct BPlistLayout: Hashable, Sendable {
    /// One object, flat: a leaf is `count` bytes (marker and payload) of `source` from `start`; a
    /// container is its kind nibble and `count` references in `references` from `start`. No array per
    /// object: the mutator reads and writes a layout for a quarter of its mutations.
    struct Object: Hashable, Sendable {
        /// 0 for a leaf; 0xA (array), 0xC (set) or 0xD (dictionary: keys then values) for a container.
        var kind: UInt8
        var start: Int
        var count: Int

        var isContainer: Bool { kind != 0 }
    }

    /// The file the layout was read from: leaves are ranges of it (never copied).
    private let source: [UInt8]
    private(set) var objects: [Object]
    /// Every container's references, in object order.
    private var references: [Int]
    var top: Int
    /// Bytes per object reference, 1...16 (more than 8 writes leading zero bytes).
    var refSize: Int
    /// Bytes per offset-table entry, 1...16; `nil` picks the smallest that fits.
    var offsetSize: Int?
    /// The order objects are laid out in the file (a permutation of their indices).
    var order: [Int]
    /// Counts of 15 and more always use the long form; this forces it for smaller counts too, with
    /// an integer of 2^n bytes (0...4).
    var longCounts: Int?
    /// Bytes inserted between the offset table and the trailer.
    var gap: [UInt8] = []
    /// The trailer's five unused bytes and its sort version.
    var trailerPrefix: [UInt8] = [0, 0, 0, 0, 0, 0]
    /// Added to the trailer's object count and table offset (after everything else is laid out).
    var countDelta = 0
    var tableOffsetDelta = 0
    /// Adds this many times 2^64 / width to the trailer's object count, for an offset width that is a power of two
    /// above 1 (no effect otherwise): the count times the width then wraps around 2^64 to the real table size, so
    /// only a decoder that multiplies without an overflow check takes the count for a consistent one (the bug
    /// class of libplist's CVE-2017-7982 fix).
    var countWraps: UInt64 = 0

    /// The shortest bplist: the 8-byte header and the 32-byte trailer.
    static let smallestDocument = 8 + 32

    /// Reads `bytes`: any input, never trapping. Returns `nil` for anything it cannot follow.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.smallestDocument, bytes.starts(with: "bplist0".utf8) else { return nil }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6])
        let refSize = Int(bytes[t + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else { return nil }
        let count = Self.bigEndian(bytes, t + 8, 8)
        let top = Self.bigEndian(bytes, t + 16, 8)
        let table = Self.bigEndian(bytes, t + 24, 8)
        guard count > 0, count < 65_536, top < count, table > 8, table < UInt64(t),
            Int(table) + Int(count) * offsetSize <= t
        else { return nil }
        let offsets = (0..<Int(count)).map {
            Int(clamping: Self.bigEndian(bytes, Int(table) + $0 * offsetSize, offsetSize))
        }
        guard offsets.allSatisfy({ (8..<Int(table)).contains($0) }) else { return nil }
        // Each object ends where the next one (in file order) starts: one sort, not a search per object.
        let byOffset = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var ends = [Int](repeating: Int(table), count: offsets.count)
        for position in 0..<(byOffset.count - 1) {
            let index = byOffset[position]
            let next = offsets[byOffset[position + 1]]
            guard next != offsets[index] else { return nil }
            ends[index] = next
        }
        var objects: [Object] = []
        objects.reserveCapacity(offsets.count)
        var references: [Int] = []
        for (index, offset) in offsets.enumerated() {
            let end = ends[index]
            let marker = bytes[offset]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else {
                objects.append(Object(kind: 0, start: offset, count: end - offset))
                continue
            }
            var p = offset + 1
            var n = Int(marker & 0xF)
            if n == 0xF {
                guard p < end, bytes[p] >> 4 == 0x1 else { return nil }
                let width = 1 << Int(bytes[p] & 0xF)
                guard width <= 8, p + 1 + width <= end else { return nil }
                n = Int(clamping: Self.bigEndian(bytes, p + 1, width))
                p += 1 + width
            }
            guard n <= (end - p) / (kind == 0xD ? 2 * refSize : refSize) else { return nil }
            let refCount = kind == 0xD ? n * 2 : n
            let first = references.count
            for position in 0..<refCount {
                let ref = Int(clamping: Self.bigEndian(bytes, p + position * refSize, refSize))
                guard ref < Int(count) else { return nil }
                references.append(ref)
            }
            objects.append(Object(kind: kind, start: first, count: refCount))
        }
        // The file's own layout choices, so that mutations of it stack.
        self.source = bytes
        self.objects = objects
        self.references = references
        self.top = Int(top)
        self.refSize = refSize
        self.offsetSize = offsetSize == Self.width(for: UInt64(table)) ? nil : offsetSize
        self.order = byOffset
        self.gap = Array(bytes[(Int(table) + Int(count) * offsetSize)..<t])
        self.trailerPrefix = Array(bytes[t..<(t + 6)])
    }

    /// Reference `position` of container `index` (`position < objects[index].count`).
    func reference(_ position: Int, of index: Int) -> Int { references[objects[index].start + position] }

    /// Points reference `position` of container `index` at `target` (which may be out of range: that is
    /// a mutation too).
    mutating func redirect(_ position: Int, of index: Int, to target: Int) {
        references[objects[index].start + position] = target
    }

    /// The file this layout describes.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        // Enough for every layout choice (references and offsets up to 16 bytes, long counts up to 16).
        out.reserveCapacity(source.count + references.count * refSize + objects.count * 34 + gap.count + 64)
        out += "bplist00".utf8
        var offsets = [Int](repeating: 8, count: objects.count)
        for index in order where index < objects.count {
            offsets[index] = out.count
            let object = objects[index]
            guard object.isContainer else {
                out += source[object.start..<(object.start + object.count)]
                continue
            }
            let n = object.kind == 0xD ? object.count / 2 : object.count
            if n < 15 && longCounts == nil {
                out.append(object.kind << 4 | UInt8(n))
            } else {
                let power = longCounts ?? (n < 256 ? 0 : n < 65_536 ? 1 : 2)
                out.append(object.kind << 4 | 0xF)
                out.append(0x10 | UInt8(power))
                Self.appendBigEndian(UInt64(n), width: 1 << power, to: &out)
            }
            for ref in references[object.start..<(object.start + object.count)] {
                Self.appendBigEndian(UInt64(ref), width: refSize, to: &out)
            }
        }
        let table = out.count
        let width = offsetSize ?? Self.width(for: UInt64(max(table, 1)))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), width: width, to: &out) }
        out += gap
        out += trailerPrefix.prefix(6)
        if trailerPrefix.count < 6 { out += repeatElement(0, count: 6 - trailerPrefix.count) }
        out.append(UInt8(truncatingIfNeeded: width))
        out.append(UInt8(truncatingIfNeeded: refSize))
        let wrapStep: UInt64 = width > 1 && width.nonzeroBitCount == 1 ? 1 << (64 - width.trailingZeroBitCount) : 0
        let count = UInt64(bitPattern: Int64(objects.count + countDelta)) &+ countWraps &* wrapStep
        Self.appendBigEndian(count, width: 8, to: &out)
        Self.appendBigEndian(UInt64(top), width: 8, to: &out)
        Self.appendBigEndian(UInt64(bitPattern: Int64(table + tableOffsetDelta)), width: 8, to: &out)
        return out
    }

    /// The smallest of 1, 2, 4, 8 bytes that holds `value`.
    static func width(for value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }

    static func bigEndian(_ bytes: [UInt8], _ start: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in start..<(start + width) { value = value << 8 | UInt64(bytes[i]) }
        return value
    }

    /// Appends `value` in `width` big-endian bytes: wider than 8 gets leading zeros, narrower keeps the low
    /// bytes.
    static func appendBigEndian(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        for i in 0..<width {
            let shift = 8 * (width - 1 - i)
            out.append(shift >= 64 ? 0 : UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
