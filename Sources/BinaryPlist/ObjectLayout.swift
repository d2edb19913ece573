// Sources/BinaryPlist/ObjectLayout.swift - Offsets, payload bounds, counts and references of objects

/// Where objects and their payloads lie, with the bounds checks every object read goes through.
/// Trivially copyable, so the document builder copies it without cost.
struct ObjectLayout {
    let view: ByteView
    /// Every object and payload ends before this offset.
    let tableOffset: Int
    let offsetSize: Int
    let refSize: Int
    let numObjects: Int

    init(view: ByteView, trailer: BPlistTrailer) {
        self.view = view
        self.tableOffset = trailer.offsetTableOffset
        self.offsetSize = trailer.offsetIntSize
        self.refSize = trailer.objectRefSize
        self.numObjects = trailer.numObjects
    }

    /// The file offset of object `index` (every entry was range-checked with the trailer).
    @inline(__always) func offset(of index: Int) -> Int {
        Int(truncatingIfNeeded: view.uint(at: tableOffset + index * offsetSize, width: offsetSize) ?? 0)
    }

    /// Checks that `length` bytes from `start` end before the offset table; returns `start`.
    @inline(__always) func payload(at start: Int, length: Int, object: Int) throws(BPlistError) -> Int {
        // bplist.object.bounds: no payload runs into the offset table.
        guard length <= tableOffset - start else {
            throw BPlistError(
                .objectBounds, at: object,
                "object needs \(length) bytes from \(start) but the offset table starts at \(tableOffset)")
        }
        return start
    }

    /// Reads a count (inline nibble, or `0xF` then an int object) and checks `count * unit` bytes follow.
    @inline(__always) func sizedPayload(
        at start: Int, info: Int, unit: Int
    ) throws(BPlistError) -> (count: Int, body: Int) {
        // Inline nibble: count < 15 and unit ≤ 510, so the product cannot overflow; one compare.
        guard info == 0x0F else {
            guard info * unit <= tableOffset - (start + 1) else { throw countError(info, at: start) }
            return (info, start + 1)
        }
        return try longSizedPayload(at: start, unit: unit)
    }

    private func countError(_ count: Int, at start: Int) -> BPlistError {
        BPlistError(
            .objectBounds, at: start,
            "count \(count) needs more bytes than lie before the offset table at \(tableOffset)")
    }

    /// `sizedPayload` for a count stored as an int object after the `0xF` nibble.
    private func longSizedPayload(at start: Int, unit: Int) throws(BPlistError) -> (count: Int, body: Int) {
        // bplist.count.int: a long count is an int object; bplist.count.range: one that fits 63 bits.
        let position = try payload(at: start + 1, length: 1, object: start)
        let countMarker = view[position]
        guard countMarker >> 4 == 0x1, countMarker & 0x0F <= 4 else {
            throw BPlistError(
                .countInt, at: position, "count must be an int object, found marker \(hex(countMarker))")
        }
        let width = 1 << Int(countMarker & 0x0F)
        _ = try payload(at: position + 1, length: width, object: start)
        guard let raw = view.uint(at: position + 1, width: width), raw <= UInt64(Int.max) else {
            throw BPlistError(.countRange, at: position, "count is negative or does not fit 63 bits")
        }
        let count = Int(raw)
        let body = position + 1 + width
        let (length, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, length <= tableOffset - body else { throw countError(count, at: start) }
        return (count, body)
    }

    /// Reads reference `index` of the list starting at `body`.
    @inline(__always) func reference(_ index: Int, from body: Int) throws(BPlistError) -> (Int, position: Int) {
        let position = body + index * refSize
        // bplist.object.ref: an index below numObjects.
        guard let ref = view.uint(at: position, width: refSize), ref < UInt64(numObjects) else {
            throw BPlistError(.objectRef, at: position, "reference is not below the object count \(numObjects)")
        }
        return (Int(ref), position)
    }
}
