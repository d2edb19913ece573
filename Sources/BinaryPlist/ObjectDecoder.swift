// Sources/BinaryPlist/ObjectDecoder.swift - Objects by index: markers, payload bounds, refs, depth, cycles

/// Decodes objects by index, each at most once; the trailer has already been checked.
///
/// Recursion follows container nesting only and stops at `rules.maximumDepth`, so the stack stays
/// bounded whatever the input claims. A first pass counts references (`ReferenceCounts`): an object
/// referenced at most once is decoded when met; a shared one is memoised with its height and
/// expanded size, so it is decoded once, costs one lookup per further reference, and its depth and
/// expansion are still checked at every use. Every cycle reachable from the root passes through a
/// shared object (its entry is referenced from outside the cycle and from inside it, or it is the
/// root), and a shared object under construction is `active`: meeting it again is a cycle.
struct ObjectDecoder {
    private let layout: ObjectLayout
    private let view: ByteView
    private let rules: DecodingRules
    private let refSize: Int
    private let expansionBudget: Int
    /// String and data bytes this decode may materialise: only offset-table entries that alias one
    /// object can make the decoder read a payload twice, so an honest file stays far below it.
    private let payloadBudget: Int
    private var references = ReferenceCounts()
    private var slots: [Slot] = []
    var statistics = DecodingStatistics()

    private enum State: UInt8 { case new, active, done }

    /// The memo of one shared object (only shared objects have one).
    private struct Slot {
        var state = State.new
        /// Container levels in the subtree, this object included (0 for a scalar); ≤ maximumDepth.
        var height: Int32 = 0
        /// Values in the subtree when every reference is expanded (saturating).
        var expanded = 0
        var value = PropertyListValue.null
    }

    /// A decoded object with its height (container levels, itself included) and expanded size.
    typealias Decoded = (value: PropertyListValue, height: Int, expanded: Int)

    init(view: ByteView, trailer: BPlistTrailer, rules: DecodingRules) {
        let layout = ObjectLayout(view: view, trailer: trailer)
        self.layout = layout
        self.view = view
        self.rules = rules
        self.refSize = trailer.objectRefSize
        self.expansionBudget = max(rules.maximumExpandedCount, view.count)
        self.payloadBudget = max(1 << 24, 4 * view.count)
        // numObjects * offsetIntSize bytes exist in the input, so both arrays are linear in the input;
        // slots exist only for objects referenced twice or more.
        let references = ReferenceCounts(layout, top: trailer.topObject)
        self.references = references
        if references.anyShared { slots = Array(repeating: Slot(), count: references.sharedCount) }
    }

    /// The root value.
    mutating func decodeRoot(_ index: Int) throws(BPlistError) -> PropertyListValue {
        try value(of: index, depth: 0, referencedAt: view.count - 16).value
    }

    /// The object `index`, found inside `depth` containers through the reference at `position`.
    private mutating func value(of index: Int, depth: Int, referencedAt position: Int) throws(BPlistError) -> Decoded {
        guard let slot = references.slot(of: index) else {
            let decoded = try decodeObject(index, depth: depth)
            statistics.objectsDecoded += 1
            return decoded
        }
        switch slots[slot].state {
        case .active:
            // bplist.object.cycle
            throw BPlistError(.cycle, at: position, "reference to object \(index) closes a cycle")
        case .done:
            let memo = slots[slot]
            // bplist.object.depth: a shared subtree is as deep here as it was where first met.
            if depth + Int(memo.height) > rules.maximumDepth {
                throw BPlistError(
                    .depth, at: layout.offset(of: index),
                    "shared object \(index) nests deeper than \(rules.maximumDepth) levels here")
            }
            statistics.referencesReused += 1
            return (memo.value, Int(memo.height), memo.expanded)
        case .new:
            slots[slot].state = .active
            let decoded = try decodeObject(index, depth: depth)
            statistics.objectsDecoded += 1
            slots[slot] = Slot(
                state: .done, height: Int32(clamping: decoded.height), expanded: decoded.expanded,
                value: decoded.value)
            return decoded
        }
    }

    private mutating func decodeObject(
        _ index: Int, depth: Int
    ) throws(BPlistError) -> Decoded {
        let start = layout.offset(of: index)
        let marker = view[start]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return (.null, 0, 1)
            case 0x08: return (.bool(false), 0, 1)
            case 0x09: return (.bool(true), 0, 1)
            default:
                // bplist.marker.simple: fill (0x0F) and the bplist1x-only URL/UUID markers.
                throw BPlistError(.marker, at: start, "marker \(hex(marker)) is not a bplist00 object")
            }
        case 0x1: return (try integer(at: start, info: info), 0, 1)
        case 0x2:
            // bplist.real.width: 4 or 8 bytes.
            guard info == 2 || info == 3 else {
                throw BPlistError(.marker, at: start, "real of \(1 << info) bytes (only 4 or 8 exist)")
            }
            let bits = try layout.payload(at: start + 1, length: 1 << info, object: start)
            let raw = view.uint(at: bits, width: 1 << info) ?? 0
            let real = info == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return (.real(real), 0, 1)
        case 0x3: return (try date(at: start, marker: marker), 0, 1)
        case 0x4:
            let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 1)
            try spend(count, at: start)
            return (.data(view.bytes(at: body, count: count)), 0, 1)
        case 0x5, 0x6: return (.string(try string(at: start, marker: marker)), 0, 1)
        case 0x8:
            // bplist.uid: n+1 bytes, at most 64 bits of value.
            let body = try layout.payload(at: start + 1, length: info + 1, object: start)
            guard let uid = view.uint(at: body, width: info + 1) else {
                throw BPlistError(.limit, at: start, "UID of \(info + 1) bytes exceeds 64 bits")
            }
            return (.uid(uid), 0, 1)
        case 0xA, 0xC: return try collection(at: start, info: info, isSet: marker >> 4 == 0xC, depth: depth)
        case 0xD: return try dictionary(at: start, info: info, depth: depth)
        default:
            // bplist.marker.unused: 0x7 (UTF-8), 0x9, 0xB (ordset), 0xE, 0xF.
            throw BPlistError(.marker, at: start, "marker \(hex(marker)) is not a bplist00 object")
        }
    }

    /// The ASCII (`0x5n`) or UTF-16BE (`0x6n`) string object at `start`.
    private mutating func string(at start: Int, marker: UInt8) throws(BPlistError) -> String {
        let info = Int(marker & 0x0F)
        if marker >> 4 == 0x5 {
            let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 1)
            try spend(count, at: start)
            switch view.asciiString(at: body, count: count) {
            case .success(let string): return string
            case .failure(let bad):
                // bplist.string.ascii: 7-bit only.
                throw BPlistError(.encoding, at: bad.offset, "ASCII string holds byte \(hex(view[bad.offset]))")
            }
        }
        let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 2)
        try spend(count * 2, at: start)
        switch view.utf16String(at: body, units: count) {
        case .success(let string): return string
        case .failure(let bad):
            // bplist.string.utf16: surrogates must pair.
            throw BPlistError(.encoding, at: bad.offset, "UTF-16 string holds an unpaired surrogate")
        }
    }

    /// The dictionary key `ref`, met inside `depth` containers through the reference at `position`.
    private mutating func key(_ ref: Int, depth: Int, referencedAt position: Int) throws(BPlistError) -> String {
        let start = layout.offset(of: ref)
        let marker = view[start]
        // bplist.dict.key-type: keys are strings.
        guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
            throw BPlistError(.keyType, at: position, "dictionary key is not a string (marker \(hex(marker)))")
        }
        guard let slot = references.slot(of: ref) else {
            // Referenced once: decoded straight into a String, no memo and no enum round trip.
            let key = try string(at: start, marker: marker)
            statistics.objectsDecoded += 1
            return key
        }
        if slots[slot].state == .done, case .string(let key) = slots[slot].value {
            statistics.referencesReused += 1
            return key
        }
        guard case .string(let key) = try value(of: ref, depth: depth, referencedAt: position).value else {
            throw BPlistError(.keyType, at: position, "dictionary key is not a string")
        }
        return key
    }

    private func integer(at start: Int, info: Int) throws(BPlistError) -> PropertyListValue {
        // bplist.integer.width: 1, 2, 4, 8 or 16 bytes.
        guard info <= 4 else { throw BPlistError(.marker, at: start, "integer of \(1 << info) bytes (at most 16)") }
        let width = 1 << info
        let body = try layout.payload(at: start + 1, length: width, object: start)
        switch width {
        case 8:
            return .integer(Int128(Int64(bitPattern: view.uint(at: body, width: 8) ?? 0)))
        case 16:
            // bplist.integer.16: CoreFoundation reads the low 64 bits unsigned; high bytes must be zero.
            let high = view.uint(at: body, width: 8) ?? 0
            if high != 0 && !rules.truncatesSixteenByteIntegers {
                throw BPlistError(
                    .limit, at: start, "16-byte integer outside 0...2^64-1 (readers disagree on its value)")
            }
            return .integer(Int128(view.uint(at: body + 8, width: 8) ?? 0))
        default:
            return .integer(Int128(view.uint(at: body, width: width) ?? 0))
        }
    }

    private func date(at start: Int, marker: UInt8) throws(BPlistError) -> PropertyListValue {
        // bplist.date.marker: exactly 0x33.
        guard marker == 0x33 else {
            throw BPlistError(.marker, at: start, "date marker must be 0x33, not \(hex(marker))")
        }
        let body = try layout.payload(at: start + 1, length: 8, object: start)
        let seconds = Double(bitPattern: view.uint(at: body, width: 8) ?? 0)
        // bplist.date.range: a finite instant in years 0001-9999.
        guard PropertyListValue.representableDates.contains(seconds) else {
            throw BPlistError(.limit, at: start, "date \(seconds) is not a finite instant in years 0001-9999")
        }
        return .date(seconds)
    }

    @inline(__always) private mutating func spend(_ bytes: Int, at start: Int) throws(BPlistError) {
        // bplist.object.payload-budget: aliased offset-table entries may not multiply a payload.
        guard bytes <= payloadBudget - statistics.payloadBytes else {
            throw BPlistError(.limit, at: start, "strings and data exceed \(payloadBudget) bytes (aliased objects)")
        }
        statistics.payloadBytes += bytes
    }

    @inline(__always) private mutating func reserve(_ elements: Int, at start: Int) throws(BPlistError) {
        // bplist.object.element-budget: aliased offset-table entries may not multiply a container.
        guard elements <= expansionBudget - statistics.elementsReserved else {
            throw BPlistError(
                .limit, at: start, "containers hold more than \(expansionBudget) elements in all (aliased objects)")
        }
        statistics.elementsReserved += elements
    }

    @inline(__always) private mutating func enter(_ start: Int, depth: Int) throws(BPlistError) {
        // bplist.object.depth
        guard depth < rules.maximumDepth else {
            throw BPlistError(.depth, at: start, "containers nest deeper than \(rules.maximumDepth) levels")
        }
        statistics.maximumDepthReached = max(statistics.maximumDepthReached, depth + 1)
    }

    @inline(__always) private func expand(_ total: inout Int, by amount: Int, at start: Int) throws(BPlistError) {
        let (sum, overflow) = total.addingReportingOverflow(amount)
        // bplist.object.expansion: shared references may not fan out into a huge tree.
        guard !overflow, sum <= expansionBudget else {
            throw BPlistError(
                .limit, at: start, "shared references expand to more than \(expansionBudget) values")
        }
        total = sum
    }

    private mutating func collection(
        at start: Int, info: Int, isSet: Bool, depth: Int
    ) throws(BPlistError) -> Decoded {
        try enter(start, depth: depth)
        let (count, body) = try layout.sizedPayload(at: start, info: info, unit: refSize)
        var elements: [PropertyListValue] = []
        try reserve(count, at: start)
        elements.reserveCapacity(count)
        var height = 1
        var expanded = 1
        for element in 0..<count {
            let (ref, position) = try layout.reference(element, from: body)
            let child = try value(of: ref, depth: depth + 1, referencedAt: position)
            elements.append(child.value)
            height = max(height, child.height + 1)
            try expand(&expanded, by: child.expanded, at: start)
        }
        return (isSet ? .set(elements) : .array(elements), height, expanded)
    }

    private mutating func dictionary(
        at start: Int, info: Int, depth: Int
    ) throws(BPlistError) -> Decoded {
        try enter(start, depth: depth)
        let (count, body) = try layout.sizedPayload(at: start, info: info, unit: 2 * refSize)
        try reserve(count, at: start)
        var entries = [String: PropertyListValue](minimumCapacity: count)
        var height = 1
        var expanded = 1
        for entry in 0..<count {
            let (keyRef, keyPosition) = try layout.reference(entry, from: body)
            let key = try self.key(keyRef, depth: depth + 1, referencedAt: keyPosition)
            let (valueRef, valuePosition) = try layout.reference(count + entry, from: body)
            let element = try value(of: valueRef, depth: depth + 1, referencedAt: valuePosition)
            height = max(height, element.height + 1)
            if let first = entries.updateValue(element.value, forKey: key) {
                // bplist.dict.duplicate-key: two readers could pick different winners.
                guard rules.keepsFirstDuplicateKey else {
                    throw BPlistError(
                        .duplicateKey, at: keyPosition, "dictionary key \"\(printable(key))\" appears twice")
                }
                entries[key] = first
                continue
            }
            // The key and the value's expansion (each at most the budget, so the sum cannot overflow).
            try expand(&expanded, by: 1 + element.expanded, at: start)
        }
        return (.dictionary(entries), height, expanded)
    }

    private func printable(_ key: String) -> String {
        let short = key.unicodeScalars.prefix(40).map { $0.value < 0x20 ? "?" : String($0) }.joined()
        return key.unicodeScalars.count > 40 ? short + "…" : short
    }
}
