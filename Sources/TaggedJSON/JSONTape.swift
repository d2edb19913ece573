// Sources/TaggedJSON/JSONTape.swift - Parsed JSON as one flat list of values in document order

/// JSON text as `JSONReader` parsed it: every value one entry, in document order (a container before its
/// contents), object members as a key entry followed by the value's entries. One array holds the whole
/// document, so reading allocates per document, not per container.
struct JSONTape {
    /// What an entry holds.
    enum Kind: Int {
        case object, array, string, number, bool, null
    }

    /// One value: its kind, its payload (a container's member or element count, a string's index in
    /// `strings`, a bool's 0 or 1) and the index of the first entry after it (and its contents).
    struct Entry {
        /// The kind in the low three bits, the payload above them.
        private var bits: Int
        /// The index of the entry after this value and everything it contains.
        var end: Int

        init(_ kind: Kind, payload: Int, end: Int) {
            bits = payload << 3 | kind.rawValue
            self.end = end
        }

        var kind: Kind { Kind(rawValue: bits & 7) ?? .null }

        /// A container's count, a string's index in `strings`, a bool's 0 or 1.
        var payload: Int { bits >> 3 }
    }

    /// The values, the root first.
    var entries: [Entry] = []
    /// The strings (keys and string values) in document order; `.string` entries refer to them.
    var strings: [String] = []
    /// The byte offset where each entry's text starts (a key's or string's opening quote, a container's
    /// bracket), parallel to `entries`; empty unless the reading asked for offsets (`JSONReader.Options`).
    var offsets: [Int] = []

    /// The entries of the members of the object at `index`: each member's key entry and value entry.
    func members(ofObjectAt index: Int) -> LazyMapSequence<Children, (key: Int, value: Int)> {
        Children(tape: self, container: index, entriesPerChild: 2).lazy.map { (key: $0, value: $0 + 1) }
    }

    /// The indices of the elements of the array at `index`, in order.
    func elements(ofArrayAt index: Int) -> Children { Children(tape: self, container: index, entriesPerChild: 1) }

    /// The first entry of each child of one container, in order: an array's elements (one value each) or
    /// an object's members (a key entry, then the value's entries).
    struct Children: Sequence, IteratorProtocol {
        private let tape: JSONTape
        private let entriesPerChild: Int
        private var upcoming: Int
        private var remaining: Int

        fileprivate init(tape: JSONTape, container: Int, entriesPerChild: Int) {
            self.tape = tape
            self.entriesPerChild = entriesPerChild
            upcoming = container + 1
            remaining = tape.entries[container].payload
        }

        mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let child = upcoming
            // The child ends where its last entry's value (the member's value, or the element) ends.
            upcoming = tape.entries[child + entriesPerChild - 1].end
            return child
        }
    }

    /// The string of the `.string` entry at `index`.
    func string(at index: Int) -> String { strings[entries[index].payload] }
}
