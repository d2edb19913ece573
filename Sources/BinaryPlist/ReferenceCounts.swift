// Sources/BinaryPlist/ReferenceCounts.swift - Which objects are referenced more than once, and their memo slots

/// Per object, whether it is referenced twice or more (the root counts as referenced once), and for
/// those a compact slot number, so the decoder keeps memo slots for shared objects only. Files of up
/// to 64 objects keep the marks in two words (a slot is the rank of the object's bit); larger ones
/// keep one `UInt32` per object: a saturating count during the pass, then 0 (not shared) or slot + 1.
///
/// The pass counts a superset of the references the decoder can follow: it uses the decoder's own
/// count reading and skips only containers the decoder would reject before following any reference.
/// Its work is capped at the input length (offset-table entries may alias one container); past the
/// cap every object is treated as shared (slot = index), which is always safe.
struct ReferenceCounts {
    private var once: UInt64 = 0
    private var twice: UInt64 = 0
    private var marks: [UInt32] = []
    private var mode = Mode.small
    /// How many memo slots the decoder needs.
    private(set) var sharedCount = 0

    private enum Mode { case small, marks, all }

    /// No object shared (before the pass runs).
    init() {}

    init(_ decoder: ObjectLayout, top: Int) {
        let count = decoder.numObjects
        if count > 64 {
            // More objects than UInt32 slot numbers can name only for inputs beyond 4 GiB.
            guard count < Int(UInt32.max) else {
                markAllShared(count)
                return
            }
            mode = .marks
            marks = [UInt32](repeating: 0, count: count)
        }
        let complete: Bool
        if mode == .marks {
            // `pass` hands out only indices below numObjects == counts.count.
            complete = marks.withUnsafeMutableBufferPointer { counts in
                ReferenceCounts.pass(decoder, top: top) { index in
                    if counts[index] < 2 { counts[index] += 1 }
                }
            }
        } else {
            var (once, twice): (UInt64, UInt64) = (0, 0)
            complete = ReferenceCounts.pass(decoder, top: top) { index in
                let bit = UInt64(1) << UInt64(index)
                if once & bit != 0 { twice |= bit }
                once |= bit
            }
            (self.once, self.twice) = (once, twice)
        }
        guard complete else {
            markAllShared(count)
            return
        }
        numberSlots()
    }

    /// Calls `note` for the root and every reference of every container the decoder could follow;
    /// false when the work cap (the input length) ran out first.
    @inline(__always) private static func pass(
        _ decoder: ObjectLayout, top: Int, note: (Int) -> Void
    ) -> Bool {
        let count = decoder.numObjects
        note(top)
        var budget = decoder.view.count
        let refSize = decoder.refSize
        for index in 0..<count {
            let start = decoder.offset(of: index)
            let marker = decoder.view[start]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { continue }
            let unit = kind == 0xD ? 2 * refSize : refSize
            var entries = Int(marker & 0x0F)
            var body = start + 1
            if entries == 0x0F {
                guard let (long, after) = try? decoder.sizedPayload(at: start, info: entries, unit: unit) else {
                    continue
                }
                (entries, body) = (long, after)
            } else if entries * unit > decoder.tableOffset - body {
                continue
            }
            let refs = kind == 0xD ? 2 * entries : entries
            budget -= refs + 1
            if budget < 0 { return false }
            switch refSize {
            case 1:
                for position in body..<(body + refs) where Int(decoder.view[position]) < count {
                    note(Int(decoder.view[position]))
                }
            case 2:
                for position in stride(from: body, to: body + 2 * refs, by: 2) {
                    let ref = Int(decoder.view[position]) << 8 | Int(decoder.view[position + 1])
                    if ref < count { note(ref) }
                }
            default:
                for position in stride(from: body, to: body + refs * refSize, by: refSize) {
                    if let ref = decoder.view.uint(at: position, width: refSize), ref < UInt64(count) {
                        note(Int(ref))
                    }
                }
            }
        }
        return true
    }

    /// Whether any object is referenced twice or more.
    var anyShared: Bool { sharedCount > 0 }

    /// The memo slot of object `index`, or nil when it is referenced at most once.
    @inline(__always) func slot(of index: Int) -> Int? {
        switch mode {
        case .small:
            let bit = UInt64(1) << UInt64(index)
            guard twice & bit != 0 else { return nil }
            return (twice & (bit &- 1)).nonzeroBitCount
        case .marks:
            let mark = marks[index]
            return mark == 0 ? nil : Int(mark) - 1
        case .all: return index
        }
    }

    /// Turns the counts into slot numbers (slot + 1 for shared objects, 0 for the rest).
    private mutating func numberSlots() {
        guard mode == .marks else {
            sharedCount = twice.nonzeroBitCount
            return
        }
        var next: UInt32 = 0
        marks.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                if buffer[index] >= 2 {
                    next += 1
                    buffer[index] = next
                } else {
                    buffer[index] = 0
                }
            }
        }
        sharedCount = Int(next)
    }

    private mutating func markAllShared(_ count: Int) {
        mode = .all
        marks = []
        sharedCount = count
    }
}
