// Sources/BinaryPlist/ScalarTable.swift - The encoder's table of written scalars, found again by their bytes

/// Scalar objects by their bytes: open addressing, compared in place in `scalarBytes`.
///
/// Hashes start as a fast seeded multiply-fold over eight-byte words (the seed is random per
/// process); a probe longer than `longProbe` (128) slots rehashes the table with the seeded SipHash
/// of `Hasher` for the rest of the encoding, so hostile values cannot force quadratic time. Random
/// hashes in a half-full table of a million scalars probe at most about 45 slots, so ordinary
/// values never switch; values crafted to collide cost at most 128 probes each before the switch.
struct ScalarTable {
    /// 16 bytes. No length: scalar encodings are self-delimiting (the marker and count give the
    /// length), so an earlier scalar whose first bytes equal a whole candidate is that candidate.
    private struct Slot {
        var start = 0
        /// Object index + 1; 0 when empty.
        var object: UInt32 = 0
        var hash: UInt32 = 0
    }

    /// What `lookUpOrInsert` returns when the caller must rehash with SipHash and ask again.
    static let rehashNeeded = -1
    static let longProbe = 128
    /// Per process, from the randomly seeded `Hasher`.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED as UInt64)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// A power of two, at most half full.
    private var slots: [Slot] = []
    private var used = 0
    private var usesSipHash = false
    /// The probe length that switches to SipHash.
    private let longProbe: Int

    init(longProbe: Int = Self.longProbe) { self.longProbe = longProbe }

    /// The object whose bytes equal `bytes[start...]`, or `next` after recording it, or
    /// `rehashNeeded`.
    mutating func lookUpOrInsert(_ next: Int, from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let candidate = UnsafeBufferPointer(rebasing: bytes[start...])
        // Past 2^32 - 2 objects a scalar is written again rather than shared.
        guard let object = UInt32(exactly: next + 1), object != .max else { return next }
        if slots.isEmpty { slots = Array(repeating: Slot(), count: 64) }
        let hash = self.hash(candidate)
        let (longProbe, usesSipHash) = (self.longProbe, self.usesSipHash)
        // The table's count is a power of two, so every `position & mask` lies inside it.
        let found = slots.withUnsafeMutableBufferPointer { slots -> Int in
            let mask = slots.count - 1
            var position = Int(hash) & mask
            var probes = 0
            while slots[position].object != 0 {
                let slot = slots[position]
                if slot.hash == hash,
                    ByteView.equal(
                        UnsafeBufferPointer(rebasing: bytes[slot.start..<(slot.start + candidate.count)]), candidate)
                {
                    return Int(slot.object) - 1
                }
                position = (position + 1) & mask
                probes += 1
                if probes > longProbe && !usesSipHash { return Self.rehashNeeded }
            }
            slots[position] = Slot(start: start, object: object, hash: hash)
            return next
        }
        guard found == next else { return found }
        used += 1
        if used * 2 > slots.count { grow() }
        return next
    }

    @inline(__always) private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if usesSipHash {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return UInt32(truncatingIfNeeded: hasher.finalize())
        }
        return UInt32(truncatingIfNeeded: Self.fastHash(bytes))
    }

    /// Seed and length, then each eight-byte word (the last zero-padded) folded in by a 128-bit
    /// multiply; high and low halves mixed once more at the end.
    @inline(__always) private static func fastHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func fold(_ value: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: multiplier)
            return product.high ^ product.low
        }
        var state = seed ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return fold(state) }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            state = fold(state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
            state = fold(state ^ tail ^ 0xA5A5_A5A5_A5A5_A5A5)
        }
        return fold(state ^ (state >> 29))
    }

    /// Every recorded scalar hashed again with SipHash; `length(object)` is a scalar's byte count.
    mutating func rehashWithSipHash(in bytes: UnsafeBufferPointer<UInt8>, length: (Int) -> Int) {
        usesSipHash = true
        let old = slots
        slots = Array(repeating: Slot(), count: old.count)
        let mask = slots.count - 1
        for var slot in old where slot.object != 0 {
            let count = length(Int(slot.object) - 1)
            slot.hash = hash(UnsafeBufferPointer(rebasing: bytes[slot.start..<(slot.start + count)]))
            var position = Int(slot.hash) & mask
            while slots[position].object != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }

    /// Twice the slots (a table of 2^32 slots would not fit in memory, so 32 bits of hash suffice).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.object != 0 {
            var position = Int(slot.hash) & mask
            while slots[position].object != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }
}
