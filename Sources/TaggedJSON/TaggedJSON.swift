// Sources/TaggedJSON/TaggedJSON.swift - Tagged JSON (Docs/tagged-json.md) <-> PropertyListValue (entry points)

import BinaryPlist

/// A tagged-JSON document that does not describe a property list value; `path` is the JSON path.
public struct TaggedJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the bad value, e.g. `$.items[3].value`.
    public var path: String
    /// What is wrong, one line.
    public var message: String
    /// The byte offset of the JSON text where the reader found the fault; nil for a fault in a value (a
    /// well-formed text that is not tagged JSON).
    public var offset: Int?
    /// An error at `path`, found at byte `offset` of the text when it is a fault of the text itself.
    public init(path: String, _ message: String, offset: Int? = nil) {
        self.path = path
        self.message = message
        self.offset = offset
    }
    /// `<path>: <message>`.
    public var description: String { "\(path): \(message)" }
}

/// Converts between `PropertyListValue` and tagged JSON text.
///
/// Containers are plain JSON (arrays, objects); leaves are `{"type": T, "value": "<string>"}` with
/// T one of `string`, `integer`, `real`, `bool`, `date`, `data`, `uid`, `null`; a set is
/// `{"type": "set", "value": [...]}`. An object whose `type` member is a JSON string is a leaf;
/// any other object is a dictionary, whose members must all be objects or arrays.
public enum TaggedJSON {
    /// Renders `value` as tagged JSON (UTF-8 bytes, keys sorted, no trailing newline).
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var out: [UInt8] = []
        // Room for a typical document up front: growing from empty copies the text at every doubling.
        out.reserveCapacity(initialEncodingCapacity)
        JSONWriter.write(value, to: &out)
        return out
    }

    /// The bytes `encode` reserves before writing.
    private static let initialEncodingCapacity = 1024

    /// Parses tagged JSON text into a value.
    /// - Throws: `TaggedJSONError` naming the JSON path of the first bad value.
    public static func decode(_ bytes: [UInt8]) throws(TaggedJSONError) -> PropertyListValue {
        let tape = try JSONReader.parse(bytes)
        var trail = JSONPathTrail()
        return try value(at: 0, of: tape, trail: &trail, depth: 0)
    }

    /// Containers may nest as deep as a strict decoder reads (512 levels, the root at level 1): deeper
    /// text is refused here, or `xds encode` would write bytes that `xds decode` rejects.
    public static let maximumDepth = DecodingRules.strict.maximumDepth

    /// The value of entry `node` of `tape`. `trail`: the path of `node`; `depth`: the containers around it.
    private static func value(
        at node: Int, of tape: JSONTape, trail: inout JSONPathTrail, depth: Int
    ) throws(TaggedJSONError) -> PropertyListValue {
        switch tape.entries[node].kind {
        case .array:
            return .array(try list(node, of: tape, trail: &trail, depth: depth))
        case .object:
            if let type = typeMember(ofObjectAt: node, in: tape), tape.entries[type.value].kind == .string {
                return try leaf(type: tape.string(at: type.value), object: node, of: tape, trail: &trail, depth: depth)
            }
            try checkDepth(depth, tape: tape, trail: trail)
            var entries: [String: PropertyListValue] = [:]
            entries.reserveCapacity(tape.entries[node].payload)
            for member in tape.members(ofObjectAt: node) {
                let key = tape.string(at: member.key)
                let keyIndex = tape.entries[member.key].payload
                guard entries[key] == nil else {
                    var path = trail
                    path.pushMember(key: keyIndex)
                    throw TaggedJSONError(
                        path: path.text(tape.strings), "key equals an earlier key (canonically equivalent)")
                }
                trail.pushMember(key: keyIndex)
                entries[key] = try value(at: member.value, of: tape, trail: &trail, depth: depth + 1)
                trail.pop()
            }
            return .dictionary(entries)
        default:
            throw TaggedJSONError(
                path: trail.text(tape.strings), "expected an array, a dictionary object or a {\"type\",\"value\"} leaf")
        }
    }

    /// The first member of the object at `object` whose key is `type` (its key and value entries).
    private static func typeMember(ofObjectAt object: Int, in tape: JSONTape) -> (key: Int, value: Int)? {
        tape.members(ofObjectAt: object).first { tape.string(at: $0.key) == "type" }
    }

    /// The values of the elements of the array at `array` (a value, or a set's elements), the container being
    /// at `depth`.
    private static func list(
        _ array: Int, of tape: JSONTape, trail: inout JSONPathTrail, depth: Int
    ) throws(TaggedJSONError) -> [PropertyListValue] {
        try checkDepth(depth, tape: tape, trail: trail)
        var values: [PropertyListValue] = []
        values.reserveCapacity(tape.entries[array].payload)
        for (index, element) in tape.elements(ofArrayAt: array).enumerated() {
            trail.pushElement(index)
            values.append(try value(at: element, of: tape, trail: &trail, depth: depth + 1))
            trail.pop()
        }
        return values
    }

    /// Refuses a container at `depth` (the containers around it) when a strict decoder would.
    private static func checkDepth(_ depth: Int, tape: JSONTape, trail: JSONPathTrail) throws(TaggedJSONError) {
        guard depth < maximumDepth else {
            throw TaggedJSONError(
                path: trail.text(tape.strings),
                "containers nest deeper than \(maximumDepth) levels (a bplist reader's limit)")
        }
    }

    /// The value of the leaf object at `object`, whose `type` member is the string `type`.
    private static func leaf(
        type: String, object: Int, of tape: JSONTape, trail: inout JSONPathTrail, depth: Int
    ) throws(TaggedJSONError) -> PropertyListValue {
        guard tape.entries[object].payload == 2,
            let member = tape.members(ofObjectAt: object).first(where: { tape.string(at: $0.key) == "value" })
        else {
            throw TaggedJSONError(
                path: trail.text(tape.strings), "a leaf has exactly the members \"type\" and \"value\"")
        }
        if type == "set" {
            guard tape.entries[member.value].kind == .array else {
                throw TaggedJSONError(
                    path: trail.text(tape.strings, appendingMember: "value"), "a set's value is a JSON array")
            }
            trail.pushMember(key: tape.entries[member.key].payload)
            let values = try list(member.value, of: tape, trail: &trail, depth: depth)
            trail.pop()
            return .set(values)
        }
        guard tape.entries[member.value].kind == .string else {
            throw invalidValue(tape, trail, "a leaf's value is a JSON string")
        }
        let text = tape.string(at: member.value)
        switch type {
        case "string": return .string(text)
        case "integer":
            guard isInteger(text), let integer = Int128(text), integer >= Int128(Int64.min),
                integer <= Int128(UInt64.max)
            else { throw invalidValue(tape, trail, "integer must be decimal in -2^63...2^64-1") }
            return PropertyListValue(integer: integer)
        case "real":
            guard let real = RealText.parse(text) else {
                throw invalidValue(tape, trail, "real must be a finite decimal, nan, inf or -inf")
            }
            return .real(real)
        case "bool":
            guard text == "true" || text == "false" else {
                throw invalidValue(tape, trail, "bool must be \"true\" or \"false\"")
            }
            return .bool(text == "true")
        case "date":
            guard let seconds = ISODate.parse(text) else {
                throw invalidValue(tape, trail, "date must be YYYY-MM-DDTHH:MM:SS[.fraction]Z, years 0001-9999")
            }
            // The decoder's range (one range both ways): a fraction that rounds to 10000-01-01 is refused
            // here, or encode would write bytes that decode rejects.
            guard PropertyListValue.representableDates.contains(seconds) else {
                throw invalidValue(
                    tape, trail, "date \(text) rounds to \(RealText.text(seconds)) s, outside years 0001-9999")
            }
            return .date(seconds)
        case "data":
            guard let bytes = Base64.decode(text) else {
                throw invalidValue(tape, trail, "data must be canonical padded base64")
            }
            return .data(bytes)
        case "uid":
            guard isInteger(text), !text.hasPrefix("-"), let uid = UInt64(text) else {
                throw invalidValue(tape, trail, "uid must be decimal in 0...2^64-1")
            }
            return .uid(uid)
        case "null":
            guard text.isEmpty else { throw invalidValue(tape, trail, "null's value is the empty string") }
            return .null
        default:
            throw TaggedJSONError(
                path: trail.text(tape.strings, appendingMember: "type"), "unknown type \"\(type)\"")
        }
    }

    /// The error of a bad leaf value (the leaf at `trail`): at `<path>.value`.
    private static func invalidValue(_ tape: JSONTape, _ trail: JSONPathTrail, _ message: String) -> TaggedJSONError {
        TaggedJSONError(path: trail.text(tape.strings, appendingMember: "value"), message)
    }

    /// `-?(0|[1-9][0-9]*)`.
    private static func isInteger(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return digits.count == 1 || digits.first != 0x30
    }
}
