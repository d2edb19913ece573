// Sources/TaggedJSON/AcceptedWithoutValueOutput.swift - What a decode adapter prints when it cannot print the value

import BinaryPlist

extension TaggedJSON {
    /// Above this many nodes an adapter prints `tooLarge` instead of the value (shared references expanded).
    public static let printedNodeLimit = 1_000_000

    /// `{"type":"too-large","value":"N"}`: accepted; the value has more than `printedNodeLimit` nodes, `nodes`
    /// being the count when counting stopped. Exit 0.
    public static func tooLarge(nodes: Int) -> [UInt8] {
        Array(#"{"type":"too-large","value":"\#(nodes)"}"#.utf8)
    }

    /// `{"type":"unrepresentable","value":"REASON"}`: accepted; the library returned a value tagged JSON cannot
    /// carry (a non-string dictionary key, an object type with no tagged form). Exit 0.
    public static func unrepresentable(reason: String) -> [UInt8] {
        Array(#"{"type":"unrepresentable","value":"#.utf8) + JSONWriter.quoted(reason) + Array("}".utf8)
    }

    /// The number of nodes `value` prints as (every container and leaf), counting stops just above `limit`.
    public static func nodeCount(of value: PropertyListValue, stoppingAbove limit: Int = printedNodeLimit) -> Int {
        var count = 0
        var pending: [PropertyListValue] = [value]
        while let next = pending.popLast(), count <= limit {
            count += 1
            switch next {
            case .array(let items), .set(let items): pending += items
            case .dictionary(let entries): pending += entries.values
            default: break
            }
        }
        return count
    }
}
