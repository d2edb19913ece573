// FuzzTesting/Sources/FuzzCommon/StructureMutator.swift - LLVMFuzzerCustomMutator for bplist inputs

import BinaryPlist
import DocumentSource
import SeededRandom

/// The structure-aware mutator of the bplist targets (`LLVMFuzzerCustomMutator`).
///
/// It keeps an option prefix (`DecoderFuzzOptions`) as it is. Three mutations in four are libFuzzer's
/// own byte mutation (a structure-aware input reaches deep into the check and costs several times a
/// byte-mutated one: at half, the mutator and the longer checks held FuzzAttribute near 24,000 execs
/// per CPU second). One in eight changes the input's own layout (`BPlistLayout` reads any bytes it can
/// follow): reference and offset widths, long-form counts, object order, a reference redirected to
/// another object, trailer fields, a gap before the trailer, an object count whose offset-table size wraps
/// around 2^64; these stack on earlier layout changes and
/// cost no decode or encode. The last eighth decodes the document with the lenient rules, mutate the
/// value tree (replace a leaf by an edge value, copy a subtree elsewhere so the encoder shares it, drop
/// an element, wrap or nest, change a key to a colliding or NUL-holding one), re-encode with the
/// reference encoder and, one time in four, change that layout too. An input too short to hold a document
/// (header and trailer, 40 bytes) gets a generated one in both eighths instead: a small tree of containers and
/// edge values, encoded and, one time in four, laid out another way. A layout the reader cannot follow,
/// anything it cannot decode and anything longer than `maxSize` go to libFuzzer's byte mutation. `XDS_FUZZ_MUTATOR=0` turns it off (plain libFuzzer, for comparing
/// coverage).
public enum StructureMutator {
    /// Mutates `input` into at most `maxSize` bytes.
    /// - Returns: the mutated input, or `nil` when libFuzzer's byte mutation should be used instead.
    public static func mutate(_ input: [UInt8], maxSize: Int, seed: UInt32) -> [UInt8]? {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let choice = random.next() % 8
        guard choice >= 6, let (_, document) = DecoderFuzzOptions.split(input) else { return nil }
        let prefix = Array(input.prefix(input.count - document.count))
        var bytes: [UInt8]
        if document.count < BPlistLayout.smallestDocument {
            // Too short to hold a document, so there is nothing to mutate: a generated one takes its place.
            // From an empty corpus this is how the first documents that pass the header, trailer and table
            // checks appear; byte mutation alone would have to find a consistent trailer.
            guard let generated = generatedDocument(&random, maxSize: maxSize - prefix.count) else { return nil }
            bytes = generated
        } else if choice == 6 {
            // The input's own layout, changed again: layout mutations stack, and no decode or encode
            // is paid for them. A layout the reader cannot follow is left to byte mutation: decoding
            // it to find out costs more than it gives (such an input rarely decodes).
            guard var layout = BPlistLayout(document) else { return nil }
            mutateLayout(&layout, &random)
            bytes = layout.bytes()
        } else {
            guard let value = try? BPlistDecoder.decode(document, rules: treeRules) else { return nil }
            let tree = mutateTree(value, &random)
            var nodes = 0
            count(tree, &nodes)
            guard nodes <= maximumNodes else { return nil }
            bytes = BPlistEncoder.encode(tree)
            if random.next() % 4 == 0, var layout = BPlistLayout(bytes) {
                mutateLayout(&layout, &random)
                bytes = layout.bytes()
            }
        }
        let result = prefix + bytes
        guard result.count <= maxSize, result != input else { return nil }
        return result
    }

    // MARK: A document from nothing

    /// A small value tree (at most `generatedNodes` nodes, three levels), encoded by the reference encoder and,
    /// one time in four, laid out another way; a lone edge value when the tree does not fit in `maxSize`.
    static func generatedDocument(_ random: inout SeededGenerator, maxSize: Int) -> [UInt8]? {
        var budget = generatedNodes
        var bytes = BPlistEncoder.encode(generatedTree(&random, depth: 0, budget: &budget))
        if random.next() % 4 == 0, var layout = BPlistLayout(bytes) {
            mutateLayout(&layout, &random)
            bytes = layout.bytes()
        }
        if bytes.count > maxSize {
            bytes = BPlistEncoder.encode(edgeValue(&random))
        }
        return bytes.count <= maxSize ? bytes : nil
    }

    static let generatedNodes = 12

    /// Containers of every kind and leaves from `edgeValues`; at the top, one time in four, the attribute's
    /// dictionary: its four keys with edge values (strings among them), and up to three other entries.
    private static func generatedTree(
        _ random: inout SeededGenerator, depth: Int, budget: inout Int
    ) -> PropertyListValue {
        budget -= 1
        let kind = random.next() % 8
        if depth == 3 || budget <= 0 || kind < 3 { return edgeValue(&random) }
        var entries: [String: PropertyListValue] = [:]
        if depth == 0, kind >= 6 {
            for key in DocumentSourceAttribute.keys { entries[key] = edgeValue(&random) }
            budget -= 4
        }
        var elements: [PropertyListValue] = []
        for _ in 0..<random.next() % 4 where budget > 0 {
            elements.append(generatedTree(&random, depth: depth + 1, budget: &budget))
        }
        switch kind {
        case 3, 4: return .array(elements)
        case 5: return .set(elements)
        default:
            for element in elements { entries[edgeKeys[Int(random.next() % UInt64(edgeKeys.count))]] = element }
            return .dictionary(entries)
        }
    }

    private static func edgeValue(_ random: inout SeededGenerator) -> PropertyListValue {
        edgeValues[Int(random.next() % UInt64(edgeValues.count))]
    }

    // MARK: The value tree

    /// Shared subtrees expand in the value tree: beyond this many nodes the tree is left to byte
    /// mutation, so that a mutation stays cheap (copies of subtrees would otherwise double it each time).
    static let maximumNodes = 2_048

    /// The lenient rules, with expansion bounded by `maximumNodes`.
    static let treeRules: DecodingRules = {
        var rules = DecodingRules.lenient
        rules.maximumExpandedCount = maximumNodes
        return rules
    }()

    /// Leaf values at the edges of what the decoders handle.
    static let edgeValues: [PropertyListValue] = [
        .integer(0), .integer(-1), .integer(Int64.max), .integer(Int64.min),
        .wideInteger(Int128(UInt64.max)), .wideInteger(Int128(UInt64.max) + 1), .integer(255), .integer(65_536),
        .real(.nan), .real(.infinity), .real(-0.0), .real(1e308), .real(Double(Float.greatestFiniteMagnitude)),
        .date(0), .date(-0.5), .date(.nan), .date(-63_114_076_800), .date(252_423_993_600),
        .string(""), .string("a\u{0}b"), .string("\u{0}"), .string("é"), .string("\u{10FFFF}"),
        .string(String(repeating: "x", count: 15)), .string("identifier"), .string("appInfoURL"),
        .data([]), .data([UInt8](repeating: 0xAB, count: 15)), .uid(0), .uid(UInt64(UInt32.max) + 1),
        .bool(true), .bool(false), .null, .array([]), .set([]), .dictionary([:]),
    ]

    /// Keys that collide, hold NUL, need UTF-16 or are the attribute's own.
    static let edgeKeys = ["", "\u{0}", "\u{0}01", "a\u{0}", "é"] + DocumentSourceAttribute.keys + ["k"]

    static func mutateTree(_ value: PropertyListValue, _ random: inout SeededGenerator) -> PropertyListValue {
        var sizes: [Int] = []
        let nodes = preorderSizes(value, into: &sizes)
        let target = Int(random.next() % UInt64(max(nodes, 1)))
        var index = 0
        let donor = pick(value, Int(random.next() % UInt64(max(nodes, 1))))
        return rewrite(value, target, &index, &random, donor: donor, sizes: sizes)
    }

    /// Appends the node count of every subtree of `value` in pre-order (dictionaries by sorted key, as
    /// `find` and `rewrite` walk them); returns `value`'s own.
    private static func preorderSizes(_ value: PropertyListValue, into sizes: inout [Int]) -> Int {
        let slot = sizes.count
        sizes.append(1)
        var total = 1
        switch value {
        case .array(let elements), .set(let elements):
            for element in elements { total += preorderSizes(element, into: &sizes) }
        case .dictionary(let entries):
            for (_, element) in entries.sorted(by: { $0.key < $1.key }) {
                total += preorderSizes(element, into: &sizes)
            }
        default: break
        }
        sizes[slot] = total
        return total
    }

    private static func count(_ value: PropertyListValue, _ nodes: inout Int) {
        nodes += 1
        switch value {
        case .array(let elements), .set(let elements): for element in elements { count(element, &nodes) }
        case .dictionary(let entries): for element in entries.values { count(element, &nodes) }
        default: break
        }
    }

    /// The node at pre-order position `position`.
    private static func pick(_ value: PropertyListValue, _ position: Int) -> PropertyListValue {
        var index = 0
        return find(value, position, &index) ?? value
    }

    private static func find(_ value: PropertyListValue, _ position: Int, _ index: inout Int) -> PropertyListValue? {
        if index == position { return value }
        index += 1
        switch value {
        case .array(let elements), .set(let elements):
            for element in elements { if let found = find(element, position, &index) { return found } }
        case .dictionary(let entries):
            for (_, element) in entries.sorted(by: { $0.key < $1.key }) {
                if let found = find(element, position, &index) { return found }
            }
        default: break
        }
        return nil
    }

    /// `value` with the node at pre-order position `target` mutated. The position is not advanced past a
    /// mutated node, so every later sibling of it, and of each of its ancestors, is mutated too (each
    /// with its own draws): one tree mutation changes a node and everything after it along its path,
    /// from a single edit (the last node) to most of the tree (an early one). `make fuzz-mutator`'s
    /// comparison measures the mutator with this behaviour.
    private static func rewrite(
        _ value: PropertyListValue, _ target: Int, _ index: inout Int, _ random: inout SeededGenerator,
        donor: PropertyListValue, sizes: [Int]
    ) -> PropertyListValue {
        if index == target { return mutateNode(value, &random, donor: donor) }
        // A subtree wholly before the target comes back as it is: its nodes skipped, nothing rebuilt.
        // (Before the target, `index` is the node's own pre-order position.)
        if index < target, index + sizes[index] <= target {
            index += sizes[index]
            return value
        }
        index += 1
        switch value {
        case .array(let elements):
            return .array(elements.map { rewrite($0, target, &index, &random, donor: donor, sizes: sizes) })
        case .set(let elements):
            return .set(elements.map { rewrite($0, target, &index, &random, donor: donor, sizes: sizes) })
        case .dictionary(let entries):
            var result: [String: PropertyListValue] = [:]
            for (key, element) in entries.sorted(by: { $0.key < $1.key }) {
                result[key] = rewrite(element, target, &index, &random, donor: donor, sizes: sizes)
            }
            return .dictionary(result)
        default:
            return value
        }
    }

    private static func mutateNode(
        _ value: PropertyListValue, _ random: inout SeededGenerator, donor: PropertyListValue
    ) -> PropertyListValue {
        let edge = edgeValues[Int(random.next() % UInt64(edgeValues.count))]
        let key = edgeKeys[Int(random.next() % UInt64(edgeKeys.count))]
        switch (value, random.next() % 6) {
        case (.array(var elements), 0), (.set(var elements), 0):
            elements.insert(donor, at: Int(random.next() % UInt64(elements.count + 1)))
            return value.isSet ? .set(elements) : .array(elements)
        case (.array(var elements), 1) where !elements.isEmpty, (.set(var elements), 1) where !elements.isEmpty:
            elements.remove(at: Int(random.next() % UInt64(elements.count)))
            return value.isSet ? .set(elements) : .array(elements)
        case (.dictionary(var entries), 0):
            entries[key] = donor
            return .dictionary(entries)
        case (.dictionary(var entries), 1) where !entries.isEmpty:
            let keys = entries.keys.sorted()
            let old = keys[Int(random.next() % UInt64(keys.count))]
            let moved = entries.removeValue(forKey: old)
            if random.next() % 2 == 0 { entries[key] = moved }
            return .dictionary(entries)
        case (_, 2):
            return random.next() % 2 == 0 ? .array([value, donor]) : .dictionary([key: value])
        case (_, 3):
            return donor
        default:
            return edge
        }
    }

    // MARK: The layout

    static func mutateLayout(_ layout: inout BPlistLayout, _ random: inout SeededGenerator) {
        let count = layout.objects.count
        for _ in 0...Int(random.next() % 2) {
            switch random.next() % 10 {
            case 0:
                layout.refSize = [1, 2, 3, 4, 8, 9, 16][Int(random.next() % 7)]
            case 1:
                layout.offsetSize = [1, 2, 3, 4, 8, 9, 16][Int(random.next() % 7)]
            case 2:
                layout.longCounts = Int(random.next() % 5)
            case 3:
                layout.order.shuffle(using: &random)
            case 4:
                // A reference redirected: sharing, a cycle, or an out-of-range index.
                let containers = (0..<count).filter { layout.objects[$0].isContainer && layout.objects[$0].count > 0 }
                guard let holder = containers.randomElement(using: &random) else { break }
                let position = Int(random.next() % UInt64(layout.objects[holder].count))
                layout.redirect(position, of: holder, to: Int(random.next() % UInt64(count + 1)))
            case 5:
                layout.top = Int(random.next() % UInt64(count + 1))
            case 6:
                layout.countDelta = Int(random.next() % 3) - 1
                layout.tableOffsetDelta = Int(random.next() % 3) - 1
            case 7:
                layout.gap = [UInt8](repeating: 0, count: Int(random.next() % 4) + 1)
            case 8:
                // A count whose offset-table size wraps around 2^64 to the real one. Below 2^63 (the count must
                // fit a signed 64-bit integer) that takes a width of 4, 8 or 16 and at most width / 2 - 1 wraps;
                // a count of 2^60 and more also needs 8-byte references to pass the reference-capacity check.
                // The ±1 of the trailer-field change almost never lands on such a count by itself.
                let width = [4, 8, 16][Int(random.next() % 3)]
                layout.offsetSize = width
                layout.refSize = max(layout.refSize, 8)
                layout.countWraps = 1 + random.next() % UInt64(width / 2 - 1)
            default:
                layout.trailerPrefix[Int(random.next() % 6)] = UInt8(truncatingIfNeeded: random.next())
            }
        }
    }
}

extension PropertyListValue {
    fileprivate var isSet: Bool {
        if case .set = self { return true }
        return false
    }
}
