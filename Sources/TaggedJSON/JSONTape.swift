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

    /// The entries of the members of the object at `index`: each member's key entry and value entry.
    func members(ofObjectAt index: Int) -> MemberSequence { MemberSequence(tape: self, object: index) }

    /// The members of one object, in order.
    struct MemberSequence: Sequence, IteratorProtocol {
        fileprivate let tape: JSONTape
        private var upcoming: Int
        private var remaining: Int

        fileprivate init(tape: JSONTape, object: Int) {
            self.tape = tape
            upcoming = object + 1
            remaining = tape.entries[object].payload
        }

        /// The key's entry index and the value's entry index of the next member.
        mutating func next() -> (key: Int, value: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let member = (key: upcoming, value: upcoming + 1)
            upcoming = tape.entries[upcoming + 1].end
            return member
        }
    }

    /// The indices of the elements of the array at `index`, in order.
    func elements(ofArrayAt index: Int) -> ElementSequence { ElementSequence(tape: self, array: index) }

    /// The elements of one array, in order.
    struct ElementSequence: Sequence, IteratorProtocol {
        fileprivate let tape: JSONTape
        private var upcoming: Int
        private var remaining: Int

        fileprivate init(tape: JSONTape, array: Int) {
            self.tape = tape
            upcoming = array + 1
            remaining = tape.entries[array].payload
        }

        mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let element = upcoming
            upcoming = tape.entries[upcoming].end
            return element
        }
    }

    /// The string of the `.string` entry at `index`.
    func string(at index: Int) -> String { strings[entries[index].payload] }
}
