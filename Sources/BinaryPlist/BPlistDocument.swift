// Sources/BinaryPlist/BPlistDocument.swift - A validated bplist00 document: flat nodes over the input

/// A bplist00 document that passed every rule of the strict (or chosen) reading, kept flat.
///
/// One pass checks everything `BPlistDecoder.decode` checks, with the same errors at the same
/// offsets, and records each object reached from the root as a 16-byte node: scalars inline,
/// strings and data as ranges of the input (decoded only when asked for), containers as runs of
/// object indices. Shared objects stay shared: an object referenced twice has one node. Reading
/// values does not allocate except for the strings, data and `PropertyListValue`s asked for.
/// Docs/codec.md describes the layout and what it costs.
public struct BPlistDocument: Sendable {
    /// One object of the document (a handle; valid only with the document that made it).
    public struct Object: Hashable, Sendable {
        let index: Int
    }

    /// What an object is.
    public enum Kind: String, Hashable, Sendable {
        case null, bool, integer, real, date, data, string, uid, array, set, dictionary
    }

    let bytes: [UInt8]
    let nodes: [DocumentNode]
    let children: [UInt32]
    /// The root object.
    public let root: Object

    /// Checks `bytes` as `BPlistDecoder.decode(_:rules:)` does, without building values.
    /// - Throws: `BPlistError` with the category and byte offset of the first fault.
    public init(_ bytes: [UInt8], rules: DecodingRules = .strict) throws(BPlistError) {
        var statistics = DecodingStatistics()
        try self.init(bytes, rules: rules, statistics: &statistics)
    }

    /// Checks `bytes` and counts the work done (`statistics` also when it throws, up to the fault).
    public init(_ bytes: [UInt8], rules: DecodingRules, statistics: inout DecodingStatistics) throws(BPlistError) {
        let (nodes, children, root) = try ByteView.with(bytes) {
            (view: ByteView) throws(BPlistError) -> ([DocumentNode], [UInt32], Int) in
            let trailer = try BPlistTrailer(view, rules: rules)
            var failure: BPlistError?
            var children: [UInt32] = []
            // One node per offset-table entry: numObjects × offsetIntSize bytes exist in the input.
            // (Reserved and appended: `Array(repeating:count:)` and `init(unsafeUninitializedCapacity:)`
            // call the standard library's unspecialised allocation, which looks up the array's generic
            // metadata on every call, a tenth of the time for a small document.)
            var nodes: [DocumentNode] = []
            nodes.reserveCapacity(trailer.numObjects)
            nodes.append(contentsOf: repeatElement(.unvisited, count: trailer.numObjects))
            nodes.withUnsafeMutableBufferPointer { buffer in
                var builder = DocumentBuilder(view: view, trailer: trailer, rules: rules, nodes: NodeStore(buffer))
                do throws(BPlistError) {
                    try builder.build(root: trailer.topObject)
                } catch {
                    failure = error
                }
                statistics = builder.statistics
                children = builder.takeChildren()
            }
            if let failure { throw failure }
            return (nodes, children, trailer.topObject)
        }
        self.bytes = bytes
        self.nodes = nodes
        self.children = children
        self.root = Object(index: root)
    }

    // MARK: - Reading

    /// What `object` is.
    public func kind(of object: Object) -> Kind {
        switch nodes[object.index].kind {
        case .null, .unvisited, .active: return .null
        case .boolFalse, .boolTrue: return .bool
        case .signed, .unsigned: return .integer
        case .real: return .real
        case .date: return .date
        case .data: return .data
        case .ascii, .utf16: return .string
        case .uid: return .uid
        case .array: return .array
        case .set: return .set
        case .dictionary: return .dictionary
        }
    }

    /// Elements of an array or set, entries of a dictionary; 0 for scalars.
    public func count(of object: Object) -> Int {
        let node = nodes[object.index]
        return node.isContainer ? node.count : 0
    }

    /// Element `position` of an array or set (`position < count(of:)`).
    public func element(_ position: Int, of object: Object) -> Object {
        let node = nodes[object.index]
        precondition(node.kind == .array || node.kind == .set, "not an array or set")
        precondition(position >= 0 && position < node.count, "element index out of range")
        return Object(index: Int(children[Int(node.word) + SubtreeSize.words + position]))
    }

    /// Entry `position` of a dictionary, in the order found (`position < count(of:)`).
    public func entry(_ position: Int, of object: Object) -> (key: Object, value: Object) {
        let node = nodes[object.index]
        precondition(node.kind == .dictionary, "not a dictionary")
        precondition(position >= 0 && position < node.count, "entry index out of range")
        let start = Int(node.word) + SubtreeSize.words + 2 * position
        return (Object(index: Int(children[start])), Object(index: Int(children[start + 1])))
    }

    /// The value of the dictionary entry whose key equals `key` (as `String ==` compares), or nil
    /// when `object` is not a dictionary or has no such key. ASCII keys are compared in place.
    public func value(forKey key: String, in object: Object) -> Object? {
        let node = nodes[object.index]
        guard node.kind == .dictionary else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                let view = ByteView(unchecked: buffer)
                let wantedIsASCII = ByteView.isASCII(wanted)
                var start = Int(node.word) + SubtreeSize.words
                for _ in 0..<node.count {
                    let keyNode = nodes[Int(children[start])]
                    let equal: Bool
                    if keyNode.kind == .ascii && wantedIsASCII {
                        equal = view.bytesEqual(at: Int(keyNode.word), count: keyNode.count, to: wanted)
                    } else {
                        equal = KeyText.string(keyNode, in: view) == String(decoding: wanted, as: UTF8.self)
                    }
                    if equal { return Object(index: Int(children[start + 1])) }
                    start += 2
                }
                return nil
            }
        }
    }

    /// The text of a string object, or nil when it is not a string.
    public func string(_ object: Object) -> String? {
        let node = nodes[object.index]
        guard node.isString else { return nil }
        return bytes.withUnsafeBufferPointer { KeyText.string(node, in: ByteView(unchecked: $0)) }
    }

    /// Whether a string object's text equals `text` (as `String ==` compares), without building it
    /// when both are ASCII; false for other objects.
    public func string(_ object: Object, equals text: String) -> Bool {
        let node = nodes[object.index]
        guard node.isString else { return false }
        var text = text
        return text.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                let view = ByteView(unchecked: buffer)
                if node.kind == .ascii && ByteView.isASCII(wanted) {
                    return view.bytesEqual(at: Int(node.word), count: node.count, to: wanted)
                }
                return KeyText.string(node, in: view) == String(decoding: wanted, as: UTF8.self)
            }
        }
    }

    /// The value of an integer object, or nil.
    public func integer(_ object: Object) -> Int128? {
        let node = nodes[object.index]
        switch node.kind {
        case .signed: return Int128(Int64(bitPattern: node.word))
        case .unsigned: return Int128(node.word)
        default: return nil
        }
    }

    /// The value of a boolean object, or nil.
    public func bool(_ object: Object) -> Bool? {
        switch nodes[object.index].kind {
        case .boolTrue: return true
        case .boolFalse: return false
        default: return nil
        }
    }

    /// The value of a real object (4-byte reals widened), or nil.
    public func real(_ object: Object) -> Double? {
        let node = nodes[object.index]
        return node.kind == .real ? Double(bitPattern: node.word) : nil
    }

    /// Seconds since 2001-01-01T00:00:00Z of a date object, or nil.
    public func date(_ object: Object) -> Double? {
        let node = nodes[object.index]
        return node.kind == .date ? Double(bitPattern: node.word) : nil
    }

    /// The value of a UID object, or nil.
    public func uid(_ object: Object) -> UInt64? {
        let node = nodes[object.index]
        return node.kind == .uid ? node.word : nil
    }

    /// The bytes of a data object (a copy), or nil.
    public func data(_ object: Object) -> [UInt8]? {
        let node = nodes[object.index]
        guard node.kind == .data else { return nil }
        return Array(bytes[Int(node.word)..<(Int(node.word) + node.count)])
    }

    /// `object` and everything below it as a `PropertyListValue`; shared containers, long strings and
    /// data are built once and shared.
    public func propertyList(_ object: Object) -> PropertyListValue {
        bytes.withUnsafeBufferPointer { buffer in
            var materialiser = DocumentMaterialiser(
                nodes: nodes, children: children, view: ByteView(unchecked: buffer))
            return materialiser.value(object.index)
        }
    }

    /// The whole document as a `PropertyListValue`.
    public func propertyList() -> PropertyListValue { propertyList(root) }
}
