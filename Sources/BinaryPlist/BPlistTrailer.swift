// Sources/BinaryPlist/BPlistTrailer.swift - The header, the 32-byte trailer and the offset table, checked

/// The document layout read from the trailer, after every structural check has passed.
struct BPlistTrailer {
    /// Width in bytes of each offset-table entry (≥ 1).
    var offsetIntSize: Int
    /// Width in bytes of each object reference inside a collection (≥ 1).
    var objectRefSize: Int
    /// Number of objects (≥ 1).
    var numObjects: Int
    /// Index of the root object (< numObjects).
    var topObject: Int
    /// Where the offset table starts; every object lies in `[8, offsetTableOffset)`.
    var offsetTableOffset: Int

    /// Checks the header, the trailer and every offset-table entry.
    /// - Throws: `header`, `trailer` or `offset-table` errors naming the faulty byte, or a `limit` error for
    ///   more than 2^32-2 objects.
    init(_ view: ByteView, rules: DecodingRules) throws(BPlistError) {
        let length = view.count
        // bplist.header.magic: "bplist00" exactly ("bplist0" + a digit when lenient).
        let magic: UInt64 = 0x6270_6c69_7374_3030
        let exact = length >= 8 && view.uint(at: 0, width: 8) == magic
        for index in 0..<8 where !exact {
            guard index < length else {
                throw BPlistError(.headerMagic, at: length, "input ends inside the 8-byte header \"bplist00\"")
            }
            let byte = view[index]
            if UInt64(byte) == magic >> UInt64(56 - 8 * index) & 0xFF { continue }
            if index == 7, rules.acceptsAnyVersionDigit, byte >= 0x30, byte <= 0x39 { continue }
            throw BPlistError(.headerMagic, at: index, "header is not \"bplist00\" (byte \(hex(byte)) at \(index))")
        }
        // bplist.trailer.present: header + 32-byte trailer at least.
        guard length >= 8 + 32 else {
            throw BPlistError(.trailerPresent, at: length, "input of \(length) bytes ends before the 32-byte trailer")
        }
        let base = length - 32
        let offsetSize = Int(view[base + 6])
        let refSize = Int(view[base + 7])
        // bplist.trailer.offset-size
        guard offsetSize >= 1 else {
            throw BPlistError(.trailerOffsetSize, at: base + 6, "offset-table entry size is 0")
        }
        // bplist.trailer.ref-size
        guard refSize >= 1 else { throw BPlistError(.trailerRefSize, at: base + 7, "object reference size is 0") }
        // bplist.trailer.num-objects
        guard let objects = view.uint(at: base + 8, width: 8), objects >= 1, objects <= UInt64(Int.max) else {
            throw BPlistError(
                .trailerNumObjects, at: base + 8, "object count must be at least 1 and fit a signed 64-bit int")
        }
        // bplist.trailer.top-object
        guard let top = view.uint(at: base + 16, width: 8), top < objects else {
            throw BPlistError(
                .trailerTopObject, at: base + 16, "top object index is not below the object count \(objects)")
        }
        // bplist.trailer.offset-table-offset: after the header and the first object, before the trailer.
        guard let table = view.uint(at: base + 24, width: 8), table >= 9, table <= UInt64(base) else {
            throw BPlistError(
                .trailerOffsetTableOffset, at: base + 24,
                "offset table start must lie in [9, \(base)] (after the header, before the trailer)")
        }
        let tableOffset = Int(table)
        let count = Int(objects)
        // bplist.trailer.length: the offset table ends exactly where the trailer starts.
        let (tableSize, overflow) = count.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableSize == base - tableOffset else {
            throw BPlistError(
                .trailerLength, at: base + 24,
                "\(count) offsets of \(offsetSize) bytes from \(tableOffset) do not end at the trailer (\(base))")
        }
        // bplist.trailer.ref-size-capacity: refs of this width can name every object.
        if refSize < 8, objects >= UInt64(1) << (8 * refSize) {
            throw BPlistError(
                .trailerRefSizeCapacity, at: base + 7, "\(refSize)-byte references cannot address \(objects) objects")
        }
        // bplist.trailer.offset-size-capacity: offsets of this width can reach the offset table.
        if offsetSize < 8, table >= UInt64(1) << (8 * offsetSize) {
            throw BPlistError(
                .trailerOffsetSizeCapacity, at: base + 6,
                "\(offsetSize)-byte offsets cannot reach offset \(tableOffset)")
        }
        // bplist.object.count: this decoder's own limit, not a bplist rule: it numbers objects in 32 bits.
        // Checked before the offset table is read, so that a table of 4 GiB is refused without a pass over it.
        guard count < Int(UInt32.max) else {
            throw BPlistError(.objectCount, at: base + 8, "more than 2^32-2 objects")
        }
        // bplist.offset-table.range: every object starts after the header and before the offset table.
        if let index = view.firstEntry(at: tableOffset, count: count, width: offsetSize, outside: 8..<table) {
            throw BPlistError(
                .offsetTableRange, at: tableOffset + index * offsetSize,
                "offset of object \(index) is outside [8, \(tableOffset))")
        }
        self.offsetIntSize = offsetSize
        self.objectRefSize = refSize
        self.numObjects = count
        self.topObject = Int(top)
        self.offsetTableOffset = tableOffset
    }
}

/// `0xNN`, for messages.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
}
