// Sources/TaggedJSON/JSONPathTrail.swift - The JSON path of the value being read, spelled only for an error

/// The steps from the root to the value being read; `text` spells them as `JSONPath` does (`$.name`,
/// `$["odd key"]`, `$[3]`). Readers push and pop a step per member or element and spell the path only
/// when an error names it, so reading valid text builds no path strings. A step is one integer: an
/// element's index, or a member's key as its index in the tape's `strings`.
struct JSONPathTrail {
    /// Element indices (≥ 0), member keys (`~k` for `strings[k]`) and `between` (no step).
    private var steps: [Int] = []

    /// A container's step while no member or element of it is being read: not spelled.
    private static let between = Int.min

    /// Room for `depth` steps.
    mutating func reserveCapacity(_ depth: Int) { steps.reserveCapacity(depth) }

    /// A step into element `index` of an array.
    mutating func pushElement(_ index: Int) { steps.append(index) }

    /// A step into the member whose key is `strings[key]`.
    mutating func pushMember(key: Int) { steps.append(~key) }

    mutating func pop() { steps.removeLast() }

    /// A container's step that names nothing yet; `enterElement`/`enterMember` and `leave` then change it in
    /// place (a reader's trail, one step per open container instead of a push and a pop per value).
    mutating func pushBetween() { steps.append(Self.between) }

    /// The last step becomes element `index`.
    mutating func enterElement(_ index: Int) { steps[steps.count - 1] = index }

    /// The last step becomes the member whose key is `strings[key]`.
    mutating func enterMember(key: Int) { steps[steps.count - 1] = ~key }

    /// The last step names nothing again.
    mutating func leave() { steps[steps.count - 1] = Self.between }

    /// The path, rooted at `$`; member keys are taken from `strings`. Spelled into one byte buffer sized for
    /// the usual path (a few allocations per error instead of one per growth of a string).
    func text(_ strings: [String]) -> String {
        String(decoding: bytes(strings), as: UTF8.self)
    }

    /// The path of member `key` below the current value.
    func text(_ strings: [String], appendingMember key: String) -> String {
        var path = bytes(strings)
        JSONPath.appendMember(key, to: &path)
        return String(decoding: path, as: UTF8.self)
    }

    /// The UTF-8 bytes of `text(strings)`.
    private func bytes(_ strings: [String]) -> [UInt8] {
        var path: [UInt8] = []
        path.reserveCapacity(steps.count * 12 + 24)
        path.append(UInt8(ascii: "$"))
        for step in steps where step != Self.between {
            if step < 0 {
                JSONPath.appendMember(strings[~step], to: &path)
            } else {
                path.append(UInt8(ascii: "["))
                path.append(contentsOf: String(step).utf8)
                path.append(UInt8(ascii: "]"))
            }
        }
        return path
    }
}
