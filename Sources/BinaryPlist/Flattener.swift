// Sources/BinaryPlist/Flattener.swift - The encoder's pass: objects numbered, scalars shared, one exact-size write

/// Numbers objects depth-first, sharing equal scalars; container refs live in one flat list.
///
/// Each scalar is written once, when first met, into `scalarBytes`; equal scalars are found by
/// those bytes. Two scalars are written alike exactly when plistlib shares them (same type and
/// same value: strings scalar by scalar, reals and dates by bit pattern), because the marker names
/// the type and each type's encoding is one-to-one.
struct Flattener {
    /// One object, in 8 bytes: a scalar's byte count, or a collection's marker (`0xA0`, `0xC0` or
    /// `0xD0`) and ref count (dictionary: keys, then values). Scalars' bytes and collections' refs are
    /// appended in object order, so the write pass reads `scalarBytes` and `refs` front to back and
    /// no object needs to record where its own start.
    struct Object {
        private let bits: UInt64

        private init(marker: UInt8, count: Int) {
            precondition(count >= 0 && count < 1 << 56)
            bits = UInt64(count) << 8 | UInt64(marker)
        }

        static func scalar(count: Int) -> Object { Object(marker: 0, count: count) }
        static func collection(_ marker: UInt8, count: Int) -> Object { Object(marker: marker, count: count) }

        /// 0 for a scalar.
        var marker: UInt8 { UInt8(truncatingIfNeeded: bits) }
        var count: Int { Int(truncatingIfNeeded: bits >> 8) }
    }

    typealias Entries = [String: PropertyListValue]

    var objects: [Object] = []
    var refs: [Int] = []
    /// Every distinct scalar's object bytes, in object order.
    private(set) var scalarBytes: [UInt8] = []
    /// The bytes of every collection's marker and count (`appendHead`), summed as they are met.
    private var headBytes = 0
    private var scalars: ScalarTable
    /// Keys of at most eight UTF-8 bytes by prefix and length (see `key(_:prefix:)`).
    private var shortKeys: [(prefix: UInt64, length: Int, object: Int)] = []
    /// Dictionaries met so far.
    private var dictionaries = 0
    /// The sort order of the dictionaries being flattened, innermost last: each pushes its entries'
    /// (key prefix, position in `entryIndices`) here and pops them when done, so no dictionary
    /// allocates its own. 16-byte records: the sort moves them, and a wider record is copied by
    /// AddressSanitizer's slow path in the fuzz builds.
    private var order: [(prefix: UInt64, slot: Int)] = []
    /// The entries' indices of the dictionaries being flattened, in iteration order (as `order`).
    private var entryIndices: [Entries.Index] = []

    init(longProbe: Int = ScalarTable.longProbe) {
        scalars = ScalarTable(longProbe: longProbe)
        // Room for a small value up front: growing from empty reallocates at 1, 2, 4, 8, … elements.
        objects.reserveCapacity(32)
        refs.reserveCapacity(32)
        scalarBytes.reserveCapacity(256)
    }

    mutating func flatten(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements): return collection(0xA0, elements)
        case .set(let elements): return collection(0xC0, elements)
        case .dictionary(let entries): return dictionary(entries)
        case .uid:
            // plistlib shares scalars by value but UIDs only by identity: each occurrence is written.
            let mark = scalarBytes.count
            ScalarBytes.append(value, to: &scalarBytes)
            objects.append(.scalar(count: scalarBytes.count - mark))
            return objects.count - 1
        default:
            let mark = scalarBytes.count
            ScalarBytes.append(value, to: &scalarBytes)
            return shared(from: mark)
        }
    }

    private mutating func dictionary(_ entries: Entries) -> Int {
        let index = objects.count
        let start = refs.count
        let count = entries.count
        dictionaries += 1
        objects.append(.collection(0xD0, count: count * 2))
        headBytes += Self.headSize(count)
        refs.append(contentsOf: repeatElement(0, count: count * 2))
        // Sorted by UTF-8 bytes: an index sort on each key's first eight bytes (read once per key),
        // the whole keys compared only when those are equal; entries are neither copied nor moved.
        let base = order.count
        if base == 0 && order.capacity < 16 {
            order.reserveCapacity(16)
            entryIndices.reserveCapacity(16)
        }
        var entry = entries.startIndex
        var slot = base
        while entry != entries.endIndex {
            order.append((UTF8Text.prefix(entries.keys[entry]), slot))
            entryIndices.append(entry)
            slot += 1
            entries.formIndex(after: &entry)
        }
        entryIndices.withUnsafeBufferPointer { indices in
            order.withUnsafeMutableBufferPointer { all in
                var mine = UnsafeMutableBufferPointer(rebasing: all[base...])
                let keys = entries.keys
                let precedes = { (a: (prefix: UInt64, slot: Int), b: (prefix: UInt64, slot: Int)) in
                    a.prefix != b.prefix
                        ? a.prefix < b.prefix : UTF8Text.precedes(keys[indices[a.slot]], keys[indices[b.slot]])
                }
                if mine.count <= 16 {
                    // Records are small: an insertion sort without the generic sort's set-up.
                    for next in mine.indices.dropFirst() {
                        let item = mine[next]
                        var slot = next
                        while slot > 0 && precedes(item, mine[slot - 1]) {
                            mine[slot] = mine[slot - 1]
                            slot -= 1
                        }
                        mine[slot] = item
                    }
                } else {
                    mine.sort(by: precedes)
                }
            }
        }
        for position in 0..<count {
            let sorted = order[base + position]
            refs[start + position] = key(entries.keys[entryIndices[sorted.slot]], prefix: sorted.prefix)
        }
        for position in 0..<count {
            refs[start + count + position] = flatten(entries.values[entryIndices[order[base + position].slot]])
        }
        order.removeLast(count)
        entryIndices.removeLast(count)
        return index
    }

    /// The object of dictionary key `key` whose first eight UTF-8 bytes are `prefix`. A key of at
    /// most eight bytes is exactly its prefix and length, so records' keys are found in `shortKeys`
    /// (direct-mapped) without being written or hashed again.
    private mutating func key(_ key: String, prefix: UInt64) -> Int {
        let length = key.utf8.count
        let slot = Int(truncatingIfNeeded: ((prefix ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        // A lone dictionary (the attribute) has nothing to find again: the cache starts with the second.
        let cacheable = length <= 8 && dictionaries > 1
        if cacheable {
            if shortKeys.isEmpty { shortKeys = Array(repeating: (0, -1, 0), count: 64) }
            let cached = shortKeys[slot]
            if cached.length == length && cached.prefix == prefix { return cached.object }
        }
        let mark = scalarBytes.count
        ScalarBytes.append(string: key, to: &scalarBytes)
        let object = shared(from: mark)
        if cacheable { shortKeys[slot] = (prefix, length, object) }
        return object
    }

    private mutating func collection(_ marker: UInt8, _ elements: [PropertyListValue]) -> Int {
        let index = objects.count
        let start = refs.count
        objects.append(.collection(marker, count: elements.count))
        headBytes += Self.headSize(elements.count)
        refs.append(contentsOf: repeatElement(0, count: elements.count))
        elements.withUnsafeBufferPointer { elements in
            for position in elements.indices { refs[start + position] = flatten(elements[position]) }
        }
        return index
    }

    /// The scalar just written at `scalarBytes[mark...]`: the earlier object with the same bytes
    /// (and the new copy dropped), or a new object.
    private mutating func shared(from mark: Int) -> Int {
        let next = objects.count
        var found = scalarBytes.withUnsafeBufferPointer { scalars.lookUpOrInsert(next, from: mark, in: $0) }
        if found == ScalarTable.rehashNeeded {
            // A long probe under the fast hash: from now on this encoding hashes with SipHash.
            let objects = self.objects
            scalarBytes.withUnsafeBufferPointer { bytes in
                scalars.rehashWithSipHash(in: bytes) { objects[$0].count }
                found = scalars.lookUpOrInsert(next, from: mark, in: bytes)
            }
        }
        if found != next {
            scalarBytes.removeLast(scalarBytes.count - mark)
            return found
        }
        objects.append(.scalar(count: scalarBytes.count - mark))
        return next
    }

    /// The bytes `BPlistEncoder.appendHead` writes for a collection of `count` elements or entries.
    static func headSize(_ count: Int) -> Int {
        count < 15 ? 1 : 2 + BPlistEncoder.byteWidth(UInt64(count))
    }

    /// The whole document with `top` as its root: header, objects, offset table, trailer.
    ///
    /// Every size is known before anything is written (the objects' bytes, hence the offset table's
    /// position, hence the offset width), so the output is allocated once at its exact size and the
    /// offsets are written straight into their table.
    func document(top: Int) -> [UInt8] {
        let refSize = BPlistEncoder.byteWidth(UInt64(objects.count))
        let tableOffset = 8 + scalarBytes.count + headBytes + refs.count * refSize
        let offsetSize = BPlistEncoder.byteWidth(UInt64(tableOffset))
        let total = tableOffset + objects.count * offsetSize + 32
        return [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
            var writer = BigEndianWriter(out)
            for byte in [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30] as [UInt8] { writer.write(byte) }
            var offsetWriter = BigEndianWriter(out, at: tableOffset)
            scalarBytes.withUnsafeBufferPointer { scalarBytes in
                refs.withUnsafeBufferPointer { refs in
                    var nextScalar = 0
                    var nextRef = 0
                    for object in objects {
                        offsetWriter.write(UInt64(writer.position), width: offsetSize)
                        let (marker, count) = (object.marker, object.count)
                        if marker == 0 {
                            writer.write(UnsafeBufferPointer(rebasing: scalarBytes[nextScalar..<(nextScalar + count)]))
                            nextScalar += count
                        } else {
                            writer.writeHead(marker, count: marker == 0xD0 ? count / 2 : count)
                            for ref in refs[nextRef..<(nextRef + count)] { writer.write(UInt64(ref), width: refSize) }
                            nextRef += count
                        }
                    }
                }
            }
            precondition(writer.position == tableOffset && offsetWriter.position == total - 32)
            writer = offsetWriter
            for byte in [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)] as [UInt8] { writer.write(byte) }
            writer.write(UInt64(objects.count), width: 8)
            writer.write(UInt64(top), width: 8)
            writer.write(UInt64(tableOffset), width: 8)
            initialized = writer.position
        }
    }
}

/// Writes into the output buffer from a position, each write checked against its end.
struct BigEndianWriter {
    private let out: UnsafeMutableBufferPointer<UInt8>
    private(set) var position: Int

    init(_ out: UnsafeMutableBufferPointer<UInt8>, at position: Int = 0) {
        self.out = out
        self.position = position
    }

    @inline(__always) mutating func write(_ byte: UInt8) {
        precondition(position < out.count)
        out[position] = byte
        position += 1
    }

    /// `value`'s low `width` bytes (1, 2, 4 or 8), most significant first.
    @inline(__always) mutating func write(_ value: UInt64, width: Int) {
        precondition(width <= out.count - position)
        if width == 1 {
            out[position] = UInt8(truncatingIfNeeded: value)
            position += 1
            return
        }
        var shift = (width - 1) * 8
        while shift >= 0 {
            out[position] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
            position += 1
            shift -= 8
        }
    }

    @inline(__always) mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= out.count - position)
        guard let source = bytes.baseAddress, let target = out.baseAddress else { return }
        (target + position).update(from: source, count: bytes.count)
        position += bytes.count
    }

    /// A marker with its count, as `BPlistEncoder.appendHead` writes it.
    @inline(__always) mutating func writeHead(_ marker: UInt8, count: Int) {
        if count < 15 {
            write(marker | UInt8(count))
            return
        }
        write(marker | 0x0F)
        let width = BPlistEncoder.byteWidth(UInt64(count))
        write(0x10 | UInt8(width.trailingZeroBitCount))
        write(UInt64(count), width: width)
    }
}
