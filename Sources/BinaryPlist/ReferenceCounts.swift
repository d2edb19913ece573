// Sources/BinaryPlist/ReferenceCounts.swift - Which objects are referenced more than once

/// Per object, whether it is referenced twice or more (the root counts as referenced once), so the
/// decoder memoises only those. Files of up to 64 objects keep the marks in two words, larger ones
/// in one byte per object.
///
/// The pass counts a superset of the references the decoder can follow: it uses the decoder's own
/// count reading and skips only containers the decoder would reject before following any reference.
/// Its work is capped at the input length (offset-table entries may alias one container); past the
/// cap every object is treated as shared, which is always safe.
struct ReferenceCounts {
    private var once: UInt64 = 0
    private var twice: UInt64 = 0
    private var counts: [UInt8] = []
    private var small = true
    private(set) var anyShared = false

    /// No object shared (before the pass runs).
    init() {}

    init(_ decoder: ObjectLayout, top: Int) {
        let count = decoder.numObjects
        small = count <= 64
        if !small { counts = [UInt8](repeating: 0, count: count) }
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
            if budget < 0 {
                markAllShared(count)
                return
            }
            if refSize == 1 {
                for position in body..<(body + refs) where Int(decoder.view[position]) < count {
                    note(Int(decoder.view[position]))
                }
                continue
            }
            for position in stride(from: body, to: body + refs * refSize, by: refSize) {
                if let ref = decoder.view.uint(at: position, width: refSize), ref < UInt64(count) { note(Int(ref)) }
            }
        }
    }

    /// Whether object `index` is referenced twice or more.
    @inline(__always) func isShared(_ index: Int) -> Bool {
        small ? twice >> UInt64(index) & 1 == 1 : counts[index] >= 2
    }

    private mutating func note(_ index: Int) {
        if small {
            let bit = UInt64(1) << UInt64(index)
            if once & bit != 0 {
                twice |= bit
                anyShared = true
            }
            once |= bit
        } else if counts[index] < 2 {
            counts[index] += 1
            if counts[index] == 2 { anyShared = true }
        }
    }

    private mutating func markAllShared(_ count: Int) {
        twice = ~0
        if !small { counts = [UInt8](repeating: 2, count: count) }
        anyShared = true
    }
}
