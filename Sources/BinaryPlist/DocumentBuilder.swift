// Sources/BinaryPlist/DocumentBuilder.swift - One pass from the root: every object rule, into flat nodes

/// Checks every object reachable from the root, each at most once, and records it as a
/// `DocumentNode`; the trailer has already been checked.
///
/// The pass is depth-first in reference order, so the first fault found is the one a tree-building
/// decoder would meet first. Every object has a node, which is also its memo: a container being
/// checked is `active` (meeting it again is a cycle); a finished one keeps its height and expanded
/// size in `children`, so a shared object is checked once and costs one lookup per further
/// reference, while depth and expansion are still checked at every use. Recursion follows
/// container nesting only and stops at `rules.maximumDepth`.
struct DocumentBuilder {
    private let layout: ObjectLayout
    private let view: ByteView
    private let rules: DecodingRules
    private let refSize: Int
    /// Values the tree may expand to, and elements all containers may hold together.
    private let expansionBudget: Int
    /// Materialised size: 16 bytes per value plus string and data bytes, references counted per use.
    private let sizeBudget: Int
    /// String and data bytes checked in one pass (only aliased offset-table entries read one twice).
    private let payloadBudget: Int
    /// One node per offset-table entry, all `.unvisited` at first (owned by the caller).
    private let nodes: NodeStore
    /// Per container: its `SubtreeSize` (5 words), then its element indices (dictionaries: key,
    /// value, key, value, …); small containers in the order they are met, large ones when finished.
    private(set) var children: [UInt32] = []
    /// Elements of the containers being checked, innermost last.
    private var pending: [UInt32] = []
    /// Key lists of finished dictionaries whose keys were all different.
    private var distinctKeys = DistinctKeyLists()
    var statistics = DecodingStatistics()

    /// The cost of one value in the materialised-size bound.
    static let bytesPerValue = 16

    /// (Element lists hold object indices in 32 bits: BPlistTrailer refuses 2^32-1 objects and more.)
    init(view: ByteView, trailer: BPlistTrailer, rules: DecodingRules, nodes: NodeStore) {
        self.nodes = nodes
        self.layout = ObjectLayout(view: view, trailer: trailer)
        self.view = view
        self.rules = rules
        self.refSize = trailer.objectRefSize
        self.expansionBudget = max(rules.maximumExpandedCount, view.count)
        let (floor, overflow) = rules.maximumExpandedCount.multipliedReportingOverflow(by: 64)
        self.sizeBudget = max(overflow ? Int.max : floor, 8 * view.count)
        self.payloadBudget = max(1 << 24, 4 * view.count)
        // Ordinary files need about 3 words per object (an element each, a size per container); one
        // reservation instead of doubling keeps the old and the new buffer from coexisting.
        children.reserveCapacity(3 * trailer.numObjects)
    }

    /// The element lists, moved out (the builder keeps none): no second reference to retain and
    /// release when the builder goes away.
    mutating func takeChildren() -> [UInt32] {
        var taken: [UInt32] = []
        swap(&taken, &children)
        return taken
    }

    /// Checks the root and everything it reaches.
    mutating func build(root index: Int) throws(BPlistError) {
        _ = try visit(index, depth: 0, referencedAt: view.count - 16)
    }

    /// The object `index`, met inside `depth` containers through the reference at `position`.
    private mutating func visit(_ index: Int, depth: Int, referencedAt position: Int) throws(BPlistError) -> SubtreeSize
    {
        let node = nodes[index]
        switch node.kind {
        case .unvisited:
            let size = try decodeObject(index, depth: depth)
            statistics.objectsDecoded += 1
            return size
        case .active:
            // bplist.object.cycle
            throw BPlistError(.objectCycle, at: position, "reference to object \(index) closes a cycle")
        default:
            let size = node.isContainer ? subtreeSize(at: Int(node.word)) : .scalar(node)
            // bplist.object.depth: a shared subtree is as deep here as it was where first met.
            if depth + size.height > rules.maximumDepth {
                throw BPlistError(
                    .objectDepth, at: layout.offset(of: index),
                    "shared object \(index) nests deeper than \(rules.maximumDepth) levels here")
            }
            statistics.referencesReused += 1
            nodes.markShared(index)
            return size
        }
    }

    private mutating func decodeObject(_ index: Int, depth: Int) throws(BPlistError) -> SubtreeSize {
        let start = layout.offset(of: index)
        let marker = view[start]
        let info = Int(marker & 0x0F)
        let node: DocumentNode
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: node = DocumentNode(.null, count: 0, word: 0)
            case 0x08: node = DocumentNode(.boolFalse, count: 0, word: 0)
            case 0x09: node = DocumentNode(.boolTrue, count: 0, word: 1)
            default:
                // bplist.marker.fill (0x0F) and bplist.marker.simple: the bplist1x-only URL/UUID markers, the rest.
                let rule: BPlistError.Rule = marker == 0x0F ? .markerFill : .markerSimple
                throw BPlistError(rule, at: start, "marker \(hex(marker)) is not a bplist00 object")
            }
        case 0x1: node = try integer(at: start, info: info)
        case 0x2:
            // bplist.real.width: 4 or 8 bytes.
            guard info == 2 || info == 3 else {
                throw BPlistError(.realWidth, at: start, "real of \(1 << info) bytes (only 4 or 8 exist)")
            }
            let bits = try layout.payload(at: start + 1, length: 1 << info, object: start)
            let raw = view.uint(at: bits, width: 1 << info) ?? 0
            let real = info == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            node = DocumentNode(.real, count: 0, word: real.bitPattern)
        case 0x3: node = try date(at: start, marker: marker)
        case 0x4:
            let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 1)
            try spend(count, at: start)
            node = DocumentNode(.data, count: count, word: UInt64(body))
        case 0x5, 0x6: node = try string(at: start, marker: marker)
        case 0x8:
            // bplist.uid: n+1 bytes, at most 64 bits of value.
            let body = try layout.payload(at: start + 1, length: info + 1, object: start)
            guard let uid = view.uint(at: body, width: info + 1) else {
                throw BPlistError(.uid, at: start, "UID of \(info + 1) bytes exceeds 64 bits")
            }
            node = DocumentNode(.uid, count: 0, word: uid)
        case 0xA, 0xC:
            return try collection(index, at: start, info: info, kind: marker >> 4 == 0xC ? .set : .array, depth: depth)
        case 0xD: return try dictionary(index, at: start, info: info, depth: depth)
        default:
            // bplist.marker.unused: 0x7 (UTF-8), 0x9, 0xB (ordset), 0xE, 0xF.
            throw BPlistError(.markerUnused, at: start, "marker \(hex(marker)) is not a bplist00 object")
        }
        nodes[index] = node
        return .scalar(node)
    }

    /// The ASCII (`0x5n`) or UTF-16BE (`0x6n`) string object at `start`, checked, not decoded.
    private mutating func string(at start: Int, marker: UInt8) throws(BPlistError) -> DocumentNode {
        let info = Int(marker & 0x0F)
        if marker >> 4 == 0x5 {
            let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 1)
            try spend(count, at: start)
            if let bad = view.firstNonASCII(at: body, count: count) {
                // bplist.string.ascii: 7-bit only.
                throw BPlistError(.stringASCII, at: bad, "ASCII string holds byte \(hex(view[bad]))")
            }
            return DocumentNode(.ascii, count: count, word: UInt64(body))
        }
        let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 2)
        try spend(count * 2, at: start)
        if let bad = view.firstUnpairedSurrogate(at: body, units: count) {
            // bplist.string.utf16: surrogates must pair.
            throw BPlistError(.stringUTF16, at: bad, "UTF-16 string holds an unpaired surrogate")
        }
        return DocumentNode(.utf16, count: count, word: UInt64(body))
    }

    private func integer(at start: Int, info: Int) throws(BPlistError) -> DocumentNode {
        // bplist.integer.width: 1, 2, 4, 8 or 16 bytes.
        guard info <= 4 else {
            throw BPlistError(.integerWidth, at: start, "integer of \(1 << info) bytes (at most 16)")
        }
        let width = 1 << info
        let body = try layout.payload(at: start + 1, length: width, object: start)
        switch width {
        case 8:
            return DocumentNode(.signed, count: 0, word: view.uint(at: body, width: 8) ?? 0)
        case 16:
            // bplist.integer.16: CoreFoundation reads the low 64 bits unsigned; high bytes must be zero.
            let high = view.uint(at: body, width: 8) ?? 0
            if high != 0 && !rules.truncatesSixteenByteIntegers {
                throw BPlistError(
                    .integer16, at: start, "16-byte integer outside 0...2^64-1 (readers disagree on its value)")
            }
            return DocumentNode(.unsigned, count: 0, word: view.uint(at: body + 8, width: 8) ?? 0)
        default:
            return DocumentNode(.unsigned, count: 0, word: view.uint(at: body, width: width) ?? 0)
        }
    }

    private func date(at start: Int, marker: UInt8) throws(BPlistError) -> DocumentNode {
        // bplist.date.marker: exactly 0x33.
        guard marker == 0x33 else {
            throw BPlistError(.dateMarker, at: start, "date marker must be 0x33, not \(hex(marker))")
        }
        let body = try layout.payload(at: start + 1, length: 8, object: start)
        let bits = view.uint(at: body, width: 8) ?? 0
        let seconds = Double(bitPattern: bits)
        // bplist.date.range: a finite instant in years 0001-9999.
        guard PropertyListValue.representableDates.contains(seconds) else {
            throw BPlistError(.dateRange, at: start, "date \(seconds) is not a finite instant in years 0001-9999")
        }
        return DocumentNode(.date, count: 0, word: bits)
    }

    @inline(__always) private mutating func spend(_ bytes: Int, at start: Int) throws(BPlistError) {
        // bplist.object.payload-budget: aliased offset-table entries may not multiply a payload.
        guard bytes <= payloadBudget - statistics.payloadBytes else {
            throw BPlistError(
                .payloadBudget, at: start, "strings and data exceed \(payloadBudget) bytes (aliased objects)")
        }
        statistics.payloadBytes += bytes
    }

    @inline(__always) private mutating func reserve(_ elements: Int, at start: Int) throws(BPlistError) {
        // bplist.object.element-budget: aliased offset-table entries may not multiply a container.
        guard elements <= expansionBudget - statistics.elementsReserved else {
            throw BPlistError(
                .elementBudget, at: start,
                "containers hold more than \(expansionBudget) elements in all (aliased objects)")
        }
        statistics.elementsReserved += elements
    }

    @inline(__always) private mutating func enter(_ start: Int, depth: Int) throws(BPlistError) {
        // bplist.object.depth
        guard depth < rules.maximumDepth else {
            throw BPlistError(.objectDepth, at: start, "containers nest deeper than \(rules.maximumDepth) levels")
        }
        statistics.maximumDepthReached = max(statistics.maximumDepthReached, depth + 1)
    }

    /// Adds a child's expansion to a container's (each part at most its budget, so sums cannot overflow).
    @inline(__always) private func expand(
        _ total: inout SubtreeSize, values: Int, bytes: Int, at start: Int
    ) throws(BPlistError) {
        let (sum, overflow) = total.values.addingReportingOverflow(values)
        // bplist.object.expansion: shared references may not fan out into a huge tree.
        guard !overflow, sum <= expansionBudget else {
            throw BPlistError(
                .expansion, at: start, "shared references expand to more than \(expansionBudget) values")
        }
        total.values = sum
        total.bytes += bytes
        // bplist.object.materialised-size: nor into more memory than the bound allows.
        let (scaled, scaledOverflow) = sum.multipliedReportingOverflow(by: Self.bytesPerValue)
        let (size, sizeOverflow) = scaled.addingReportingOverflow(total.bytes)
        guard !scaledOverflow, !sizeOverflow, size <= sizeBudget else {
            throw BPlistError(
                .materialisedSize, at: start,
                "shared references expand to more than \(sizeBudget) bytes when materialised")
        }
    }

    private mutating func collection(
        _ index: Int, at start: Int, info: Int, kind: DocumentNode.Kind, depth: Int
    ) throws(BPlistError) -> SubtreeSize {
        try enter(start, depth: depth)
        let (count, body) = try layout.sizedPayload(at: start, info: info, unit: refSize)
        try reserve(count, at: start)
        nodes[index] = .active
        let sink = open(slots: count)
        var size = SubtreeSize(height: 1, values: 1, bytes: 0)
        for element in 0..<count {
            let (ref, position) = try layout.reference(element, from: body)
            let child = try visit(ref, depth: depth + 1, referencedAt: position)
            put(ref, at: element, in: sink)
            size.height = max(size.height, child.height + 1)
            try expand(&size, values: child.values, bytes: child.bytes, at: start)
        }
        nodes[index] = DocumentNode(kind, count: count, word: UInt64(close(sink, size: size)))
        return size
    }

    private mutating func dictionary(_ index: Int, at start: Int, info: Int, depth: Int) throws(BPlistError)
        -> SubtreeSize
    {
        try enter(start, depth: depth)
        let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 2 * refSize)
        try reserve(count, at: start)
        nodes[index] = .active
        let sink = open(slots: 2 * count)
        // Each dictionary has its own table: an inner dictionary is checked while the outer one's
        // keys are pending.
        let hashed = count > KeyTable.linearLimit
        var keyTable = KeyTable()
        if hashed { keyTable.reset() }
        var size = SubtreeSize(height: 1, values: 1, bytes: 0)
        var kept = 0
        // While this dictionary's keys are the same objects, in the same order, as an earlier one's
        // whose keys all differed, each key differs from the ones before it: nothing to compare.
        var proven: [UInt32] = []
        // The root is the first dictionary met and the last finished: it has no list to match and
        // nothing after it could use its own (the attribute is one dictionary, so this saves its
        // only allocations besides the document's two arrays).
        var matching = !hashed && depth > 0
        for entry in 0..<count {
            let (keyRef, keyPosition) = try layout.reference(entry, from: body)
            let keyBytes = try key(keyRef, depth: depth + 1, referencedAt: keyPosition)
            let (valueRef, valuePosition) = try layout.reference(count + entry, from: body)
            let element = try visit(valueRef, depth: depth + 1, referencedAt: valuePosition)
            size.height = max(size.height, element.height + 1)
            let keyNode = nodes[keyRef]
            if matching && entry == 0 { proven = distinctKeys.list(startingWith: keyRef) }
            if matching && (entry >= proven.count || Int(proven[entry]) != keyRef) { matching = false }
            let duplicate =
                matching
                ? false
                : hashed
                    ? keyTable.insert(keyRef, keyNode, in: view)
                    : isDuplicate(keyRef, keyNode, in: sink, kept: kept)
            if duplicate {
                // bplist.dict.duplicate-key: two readers could pick different winners.
                guard rules.keepsFirstDuplicateKey else {
                    let key = KeyText.string(keyNode, in: view)
                    throw BPlistError(
                        .dictDuplicateKey, at: keyPosition, "dictionary key \"\(printable(key))\" appears twice")
                }
                continue
            }
            put(keyRef, at: 2 * kept, in: sink)
            put(valueRef, at: 2 * kept + 1, in: sink)
            kept += 1
            // The key and the value's expansion.
            try expand(&size, values: 1 + element.values, bytes: keyBytes + element.bytes, at: start)
        }
        if !hashed && !matching && kept == count && count >= 2 && depth > 0 {
            if !distinctKeys.holds(count: count, { stored(2 * $0, in: sink) }) {
                distinctKeys.store((0..<count).map { UInt32(truncatingIfNeeded: stored(2 * $0, in: sink)) })
            }
        }
        nodes[index] = DocumentNode(.dictionary, count: kept, word: UInt64(close(sink, size: size)))
        return size
    }

    /// The dictionary key `ref`, met through the reference at `position`: its string bytes.
    private mutating func key(_ ref: Int, depth: Int, referencedAt position: Int) throws(BPlistError) -> Int {
        let node = nodes[ref]
        // bplist.dict.key-type: keys are strings, checked before the key is decoded.
        if node.kind == .unvisited {
            let start = layout.offset(of: ref)
            let marker = view[start]
            guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
                throw BPlistError(.dictKeyType, at: position, "dictionary key is not a string (marker \(hex(marker)))")
            }
            // What `visit` does for an unvisited string, without reading its offset and marker again.
            let key = try string(at: start, marker: marker)
            nodes[ref] = key
            statistics.objectsDecoded += 1
            return key.payloadBytes
        } else if !node.isString {
            let marker = view[layout.offset(of: ref)]
            throw BPlistError(.dictKeyType, at: position, "dictionary key is not a string (marker \(hex(marker)))")
        }
        return try visit(ref, depth: depth, referencedAt: position).bytes
    }

    /// Whether key `ref` equals one of the `kept` keys already stored (small dictionaries).
    /// (Inlined: called from a mutating method, an outlined call copied the whole builder each time.)
    @inline(__always) private func isDuplicate(_ ref: Int, _ node: DocumentNode, in sink: Sink, kept: Int) -> Bool {
        for entry in 0..<kept {
            let other = stored(2 * entry, in: sink)
            if KeyText.equal(other, nodes[other], ref, node, in: view) { return true }
        }
        return false
    }

    /// Where a container's elements go while its children are checked: small containers take their
    /// slots in `children` at once (nested containers are appended after them); large ones gather
    /// on the `pending` stack, so a hostile count costs memory only as its references are checked.
    private enum Sink {
        case direct(start: Int)
        case pending(base: Int)
    }

    /// Containers of at most this many element slots are stored in place.
    private static let directLimit = 64

    private mutating func open(slots: Int) -> Sink {
        guard slots <= Self.directLimit else { return .pending(base: pending.count) }
        let start = children.count
        children.append(contentsOf: repeatElement(0, count: SubtreeSize.words + slots))
        return .direct(start: start)
    }

    @inline(__always) private mutating func put(_ ref: Int, at slot: Int, in sink: Sink) {
        switch sink {
        case .direct(let start): children[start + SubtreeSize.words + slot] = UInt32(truncatingIfNeeded: ref)
        case .pending: pending.append(UInt32(truncatingIfNeeded: ref))
        }
    }

    @inline(__always) private func stored(_ slot: Int, in sink: Sink) -> Int {
        switch sink {
        case .direct(let start): return Int(children[start + SubtreeSize.words + slot])
        case .pending(let base): return Int(pending[base + slot])
        }
    }

    /// Stores the subtree size; the container's position in `children`.
    private mutating func close(_ sink: Sink, size: SubtreeSize) -> Int {
        switch sink {
        case .direct(let start):
            writeSize(size, at: start)
            return start
        case .pending(let base): return finish(size, from: base)
        }
    }

    private mutating func writeSize(_ size: SubtreeSize, at start: Int) {
        let values = UInt64(truncatingIfNeeded: size.values)
        let bytes = UInt64(truncatingIfNeeded: size.bytes)
        children[start] = UInt32(truncatingIfNeeded: size.height)
        children[start + 1] = UInt32(truncatingIfNeeded: values)
        children[start + 2] = UInt32(truncatingIfNeeded: values >> 32)
        children[start + 3] = UInt32(truncatingIfNeeded: bytes)
        children[start + 4] = UInt32(truncatingIfNeeded: bytes >> 32)
    }

    /// Moves the pending elements from `base` into `children` behind the subtree size; their start.
    private mutating func finish(_ size: SubtreeSize, from base: Int) -> Int {
        let start = children.count
        children.append(contentsOf: repeatElement(0, count: SubtreeSize.words))
        writeSize(size, at: start)
        children.append(contentsOf: pending[base...])
        pending.removeSubrange(base...)
        return start
    }

    private func subtreeSize(at start: Int) -> SubtreeSize {
        SubtreeSize(
            height: Int(children[start]),
            values: Int(truncatingIfNeeded: UInt64(children[start + 1]) | UInt64(children[start + 2]) << 32),
            bytes: Int(truncatingIfNeeded: UInt64(children[start + 3]) | UInt64(children[start + 4]) << 32))
    }

    private func printable(_ key: String) -> String {
        let short = key.unicodeScalars.prefix(40).map { $0.value < 0x20 ? "?" : String($0) }.joined()
        return key.unicodeScalars.count > 40 ? short + "…" : short
    }
}
