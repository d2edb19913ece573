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
        case .signed: return .integer(Int128(Int64(bitPattern: node.word)))
        case .unsigned: return .integer(Int128(node.word))
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
            var entries = [String: PropertyListValue](minimumCapacity: node.count)
            var position = Int(node.word) + SubtreeSize.words
            for _ in 0..<node.count {
                let key = self.key(Int(children[position]))
                entries[key] = value(Int(children[position + 1]))
                position += 2
            }
            return .dictionary(entries)
        }
    }
}
