// Sources/BinaryPlist/DocumentMaterialiser.swift - A checked document's nodes into PropertyListValues

/// Builds `PropertyListValue`s from a checked document. Nothing can fail: every rule was checked
/// when the document was built (duplicate keys are absent, or dropped by the lenient reading).
/// Objects referenced more than once are built once when building them costs an allocation
/// (containers, strings longer than the 15 bytes a String holds inline, data) and shared.
struct DocumentMaterialiser {
    let nodes: [DocumentNode]
    let children: [UInt32]
    let view: ByteView
    private var shared: [Int: PropertyListValue] = [:]
    /// Recently built shared keys by object index (direct-mapped): records written by a canonical
    /// encoder share one object per key text, so each key string is built once, not once per record.
    private var keys: [(index: Int, key: String)] = []
    /// Recently built dictionary shapes (direct-mapped), see `DictionaryShape`.
    private var shapes: [DictionaryShape?] = []

    init(nodes: [DocumentNode], children: [UInt32], view: ByteView) {
        self.nodes = nodes
        self.children = children
        self.view = view
    }

    mutating func value(_ index: Int) -> PropertyListValue {
        let node = nodes[index]
        guard node.isShared, node.isContainer || node.payloadBytes > 15 else { return build(node) }
        if let value = shared[index] { return value }
        let value = build(node)
        shared[index] = value
        return value
    }

    private mutating func key(_ index: Int) -> String {
        let node = nodes[index]
        guard node.isShared else { return KeyText.string(node, in: view) }
        if keys.isEmpty { keys = Array(repeating: (-1, ""), count: 64) }
        let slot = index & 63
        if keys[slot].index == index { return keys[slot].key }
        let key = KeyText.string(node, in: view)
        keys[slot] = (index, key)
        return key
    }

    private mutating func build(_ node: DocumentNode) -> PropertyListValue {
        switch node.kind {
        case .null, .unvisited, .active: return .null
        case .boolFalse: return .bool(false)
        case .boolTrue: return .bool(true)
        case .signed: return .integer(Int64(bitPattern: node.word))
        case .unsigned:
            // 1-, 2- and 4-byte integers always fit; 16-byte ones above Int64.max are boxed.
            guard let narrow = Int64(exactly: node.word) else { return .wideInteger(Int128(node.word)) }
            return .integer(narrow)
        case .real: return .real(Double(bitPattern: node.word))
        case .date: return .date(Double(bitPattern: node.word))
        case .uid: return .uid(node.word)
        case .data: return .data(view.bytes(at: Int(node.word), count: node.count))
        case .ascii: return .string(view.checkedASCIIString(at: Int(node.word), count: node.count))
        case .utf16: return .string(view.checkedUTF16String(at: Int(node.word), units: node.count))
        case .array, .set:
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(node.count)
            let start = Int(node.word) + SubtreeSize.words
            for position in start..<(start + node.count) { elements.append(value(Int(children[position]))) }
            return node.kind == .set ? .set(elements) : .array(elements)
        case .dictionary:
            let start = Int(node.word) + SubtreeSize.words
            // Only dictionaries whose first key is shared can have a shape: the test costs no allocation,
            // so a lone dictionary (the attribute) never touches the shape cache.
            let mayHaveShape = node.count >= 2 && nodes[Int(children[start])].isShared
            if mayHaveShape, let shape = shape(start: start, count: node.count) {
                // The key table is copied as it is (same seed, same buckets): no key is hashed again.
                return .dictionary(shape.positions.mapValues { value(Int(children[start + 2 * $0 + 1])) })
            }
            var entries = [String: PropertyListValue](minimumCapacity: node.count)
            var position = start
            for _ in 0..<node.count {
                let key = self.key(Int(children[position]))
                entries[key] = value(Int(children[position + 1]))
                position += 2
            }
            return .dictionary(entries)
        }
    }

    /// The shape of the dictionary whose `count` entries start at `children[start]`, from the cache or
    /// made now; nil when a key is not shared (then no other dictionary can have the same key objects).
    private mutating func shape(start: Int, count: Int) -> DictionaryShape? {
        let first = children[start]
        let slot = Int((first &* 0x9E37_79B9 ^ UInt32(truncatingIfNeeded: count)) >> 28)
        if shapes.isEmpty { shapes = Array(repeating: nil, count: 16) }
        if let shape = shapes[slot], shape.matches(children, start: start, count: count) { return shape }
        for entry in 0..<count where !nodes[Int(children[start + 2 * entry])].isShared { return nil }
        let keyIndices = (0..<count).map { children[start + 2 * $0] }
        var positions = [String: Int](minimumCapacity: count)
        for entry in 0..<count { positions[key(Int(keyIndices[entry]))] = entry }
        let shape = DictionaryShape(keys: keyIndices, positions: positions)
        shapes[slot] = shape
        return shape
    }
}

/// The keys of a dictionary as object indices, and its key table (key → entry position). Records
/// written by a canonical encoder use one object per key text, so every record of a kind has the same
/// key objects in the same order: its dictionary is the table with the values put in
/// (`mapValues`, which keeps the buckets), and its keys are neither built nor hashed again.
private struct DictionaryShape {
    let keys: [UInt32]
    let positions: [String: Int]

    func matches(_ children: [UInt32], start: Int, count: Int) -> Bool {
        guard keys.count == count else { return false }
        for entry in 0..<count where children[start + 2 * entry] != keys[entry] { return false }
        return true
    }
}
