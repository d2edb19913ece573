// Sources/BinaryPlist/DuplicateKeys.swift - Dictionary keys compared as Swift Strings, without building them

/// Key text compared exactly as `String ==` compares (canonical equivalence), reading ASCII keys in
/// place: two ASCII keys are equal exactly when their bytes are; a key spelled in UTF-16 is
/// compared as a `String` (a non-ASCII spelling can equal an ASCII one: U+212A KELVIN SIGN is "K").
enum KeyText {
    /// The key's text as a String (the node is a checked string).
    static func string(_ node: DocumentNode, in view: ByteView) -> String {
        if node.kind == .ascii { return view.checkedASCIIString(at: Int(node.word), count: node.count) }
        return view.checkedUTF16String(at: Int(node.word), units: node.count)
    }

    /// Whether keys `a` and `b` (indices and their string nodes) have equal text.
    @inline(__always) static func equal(
        _ a: Int, _ nodeA: DocumentNode, _ b: Int, _ nodeB: DocumentNode, in view: ByteView
    ) -> Bool {
        if a == b { return true }
        if nodeA.kind == .ascii && nodeB.kind == .ascii {
            return nodeA.count == nodeB.count
                && view.bytesEqual(at: Int(nodeA.word), and: Int(nodeB.word), count: nodeA.count)
        }
        return string(nodeA, in: view) == string(nodeB, in: view)
    }

    /// FNV-1a of the key's ASCII text, or nil when the key holds a non-ASCII character (then only
    /// `String` comparison is exact).
    static func asciiHash(_ node: DocumentNode, in view: ByteView) -> UInt64? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let start = Int(node.word)
        if node.kind == .ascii {
            for offset in start..<(start + node.count) { hash = (hash ^ UInt64(view[offset])) &* 0x100_0000_01b3 }
            return hash
        }
        for unit in 0..<node.count {
            let high = view[start + 2 * unit]
            let low = view[start + 2 * unit + 1]
            guard high == 0, low < 0x80 else { return nil }
            hash = (hash ^ UInt64(low)) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Duplicate detection for dictionaries with many keys: an open-addressing table of ASCII key hashes,
/// or, once a key with a non-ASCII character appears, a set of the keys as Strings.
struct KeyTable {
    /// Dictionaries with at most this many entries compare each key with the earlier ones instead.
    static let linearLimit = 16

    private struct Entry {
        var index: Int
        var node: DocumentNode
        var hash: UInt64
    }

    private var entries: [Entry] = []
    /// Positions in `entries` + 1 (0: empty); a power of two, at most half full.
    private var table: [Int32] = []
    private var strings: Set<String>?

    mutating func reset() {
        entries.removeAll(keepingCapacity: true)
        table = [Int32](repeating: 0, count: 64)
        strings = nil
    }

    /// Adds key `index` unless an equal key is present; true when it was (a duplicate).
    mutating func insert(_ index: Int, _ node: DocumentNode, in view: ByteView) -> Bool {
        if strings == nil, let hash = KeyText.asciiHash(node, in: view) {
            let mask = table.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 {
                let entry = entries[Int(table[slot]) - 1]
                if entry.hash == hash, KeyText.equal(entry.index, entry.node, index, node, in: view) { return true }
                slot = (slot + 1) & mask
            }
            entries.append(Entry(index: index, node: node, hash: hash))
            table[slot] = Int32(truncatingIfNeeded: entries.count)
            if entries.count * 2 > table.count { grow() }
            return false
        }
        if strings == nil { strings = Set(entries.map { KeyText.string($0.node, in: view) }) }
        entries.append(Entry(index: index, node: node, hash: 0))
        return strings?.insert(KeyText.string(node, in: view)).inserted == false
    }

    private mutating func grow() {
        table = [Int32](repeating: 0, count: table.count * 2)
        let mask = table.count - 1
        for (position, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(truncatingIfNeeded: position + 1)
        }
    }
}

/// Key lists (object indices) of recently finished small dictionaries whose keys all differed,
/// direct-mapped by the first key. Records written by a canonical encoder use one object per key
/// text, so the next record of a kind has the same keys in the same order and needs no comparison.
struct DistinctKeyLists {
    private var lists: [[UInt32]] = []
    private static let slots = 8

    /// The list whose first key is `first`, or an empty one.
    func list(startingWith first: Int) -> [UInt32] {
        guard !lists.isEmpty else { return [] }
        let list = lists[first & (Self.slots - 1)]
        return list.first.map { Int($0) == first } == true ? list : []
    }

    /// Whether the list of the `count` keys `key(0)`, `key(1)`, … is kept already.
    func holds(count: Int, _ key: (Int) -> Int) -> Bool {
        guard !lists.isEmpty else { return false }
        let list = lists[key(0) & (Self.slots - 1)]
        return list.count == count && (0..<count).allSatisfy { Int(list[$0]) == key($0) }
    }

    /// Keeps `list` (keys that all differ), replacing the list in its slot.
    mutating func store(_ list: [UInt32]) {
        guard let first = list.first else { return }
        if lists.isEmpty { lists = Array(repeating: [], count: Self.slots) }
        lists[Int(first) & (Self.slots - 1)] = list
    }
}
