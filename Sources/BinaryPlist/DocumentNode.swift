// Sources/BinaryPlist/DocumentNode.swift - One object of a validated document in 16 bytes

/// One object of a `BPlistDocument`: its kind, a count and one 64-bit word, in 16 bytes.
///
/// `meta` holds the kind (top 8 bits), a shared flag (bit 48: referenced more than once) and a count
/// (low 48 bits: string length in bytes or UTF-16 units, data length, container elements or entries).
/// `word` holds an integer's bits, a real's or date's bit pattern, a UID, a string's or data's byte
/// offset in the input, or a container's position in the document's `children`.
struct DocumentNode {
    enum Kind: UInt8 {
        /// Not reached from the root (yet).
        case unvisited = 0
        /// A container whose elements are being checked (meeting it again closes a cycle).
        case active
        case null, boolFalse, boolTrue
        /// 8-byte integers: `word` is the two's complement bit pattern.
        case signed
        /// 1-, 2-, 4- and 16-byte integers: `word` is the unsigned value.
        case unsigned
        case real, date, uid, data
        /// `0x5n`: `count` bytes of 7-bit ASCII at `word`.
        case ascii
        /// `0x6n`: `count` UTF-16BE units at `word`, surrogates paired.
        case utf16
        case array, set, dictionary
    }

    private(set) var meta: UInt64
    let word: UInt64

    static let unvisited = DocumentNode(.unvisited, count: 0, word: 0)
    static let active = DocumentNode(.active, count: 0, word: 0)
    private static let countMask: UInt64 = (1 << 48) - 1
    private static let sharedBit: UInt64 = 1 << 48

    /// `count` is at most the input length, so 48 bits always hold it.
    @inline(__always) init(_ kind: Kind, count: Int, word: UInt64) {
        self.meta = UInt64(kind.rawValue) << 56 | UInt64(truncatingIfNeeded: count) & Self.countMask
        self.word = word
    }

    /// Every node is made by `init(_:count:word:)`, so the top byte is always a `Kind`'s raw value.
    @inline(__always) var kind: Kind { unsafeBitCast(UInt8(truncatingIfNeeded: meta >> 56), to: Kind.self) }
    @inline(__always) var count: Int { Int(truncatingIfNeeded: meta & Self.countMask) }
    @inline(__always) var isShared: Bool { meta & Self.sharedBit != 0 }
    @inline(__always) mutating func markShared() { meta |= Self.sharedBit }

    /// Arrays, sets and dictionaries.
    @inline(__always) var isContainer: Bool { kind.rawValue >= Kind.array.rawValue }

    /// Strings (either spelling).
    @inline(__always) var isString: Bool { kind == .ascii || kind == .utf16 }

    /// String or data bytes as stored in the input (UTF-16 strings: two per unit); 0 for the rest.
    @inline(__always) var payloadBytes: Int {
        switch kind {
        case .ascii, .data: return count
        case .utf16: return 2 * count
        default: return 0
        }
    }
}

/// What a container's subtree costs, kept in `children` just before its element list.
struct SubtreeSize {
    /// Container levels, itself included (0 for a scalar).
    var height: Int
    /// Values when every reference is expanded (dictionary keys included).
    var values: Int
    /// String and data bytes when every reference is expanded.
    var bytes: Int

    /// Five `UInt32` words in `children`.
    static let words = 5

    static func scalar(_ node: DocumentNode) -> SubtreeSize {
        SubtreeSize(height: 0, values: 1, bytes: node.payloadBytes)
    }
}

/// The nodes being built: one per offset-table entry, in memory the document's array owns.
/// Every index the builder passes is an object index already checked to be below `count`.
struct NodeStore {
    private let base: UnsafeMutableBufferPointer<DocumentNode>

    init(_ base: UnsafeMutableBufferPointer<DocumentNode>) { self.base = base }

    @inline(__always) subscript(index: Int) -> DocumentNode {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count))
            return base[index]
        }
        nonmutating set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count))
            base[index] = newValue
        }
    }

    @inline(__always) func markShared(_ index: Int) {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count))
        base[index].markShared()
    }
}
