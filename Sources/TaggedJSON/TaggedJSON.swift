// Sources/TaggedJSON/TaggedJSON.swift - Tagged JSON (Docs/tagged-json.md) <-> PropertyListValue (entry points)

import BinaryPlist

/// A tagged-JSON document that does not describe a property list value; `path` is the JSON path.
public struct TaggedJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the bad value, e.g. `$.items[3].value`.
    public var path: String
    /// What is wrong, one line.
    public var message: String
    /// An error at `path`.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
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
        JSONWriter.write(value, to: &out)
        return out
    }

    /// Parses tagged JSON text into a value.
    /// - Throws: `TaggedJSONError` naming the JSON path of the first bad value.
    public static func decode(_ bytes: [UInt8]) throws(TaggedJSONError) -> PropertyListValue {
        var trail = JSONPathTrail()
        return try value(of: JSONReader.parse(bytes), trail: &trail, depth: 0)
    }

    /// Containers may nest as deep as a strict decoder reads (512 levels, the root at level 1): deeper
    /// text is refused here, or `xds encode` would write bytes that `xds decode` rejects.
    public static let maximumDepth = DecodingRules.strict.maximumDepth

    /// `trail`: the path of `node`; `depth`: the containers around it.
    private static func value(
        of node: JSONNode, trail: inout JSONPathTrail, depth: Int
    ) throws(TaggedJSONError) -> PropertyListValue {
        switch node {
        case .array(let elements):
            return .array(try list(elements, trail: &trail, depth: depth))
        case .object(let members):
            if let typeMember = members.first(where: { $0.key == "type" }), case .string(let type) = typeMember.value {
                return try leaf(type: type, members: members, trail: &trail, depth: depth)
            }
            try checkDepth(depth, trail: trail)
            var entries: [String: PropertyListValue] = [:]
            entries.reserveCapacity(members.count)
            for (key, member) in members {
                guard entries[key] == nil else {
                    throw TaggedJSONError(
                        path: trail.text(appending: .member(key)), "key equals an earlier key (canonically equivalent)")
                }
                trail.push(.member(key))
                entries[key] = try value(of: member, trail: &trail, depth: depth + 1)
                trail.pop()
            }
            return .dictionary(entries)
        default:
            throw TaggedJSONError(
                path: trail.text, "expected an array, a dictionary object or a {\"type\",\"value\"} leaf")
        }
    }

    /// The values of an array's (or a set's) `elements`, the container being at `depth`.
    private static func list(
        _ elements: [JSONNode], trail: inout JSONPathTrail, depth: Int
    ) throws(TaggedJSONError) -> [PropertyListValue] {
        try checkDepth(depth, trail: trail)
        var values: [PropertyListValue] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            trail.push(.element(index))
            values.append(try value(of: element, trail: &trail, depth: depth + 1))
            trail.pop()
        }
        return values
    }

    /// Refuses a container at `depth` (the containers around it) when a strict decoder would.
    private static func checkDepth(_ depth: Int, trail: JSONPathTrail) throws(TaggedJSONError) {
        guard depth < maximumDepth else {
            throw TaggedJSONError(
                path: trail.text, "containers nest deeper than \(maximumDepth) levels (a bplist reader's limit)")
        }
    }

    private static func leaf(
        type: String, members: [(key: String, value: JSONNode)], trail: inout JSONPathTrail, depth: Int
    ) throws(TaggedJSONError) -> PropertyListValue {
        guard members.count == 2, let member = members.first(where: { $0.key == "value" }) else {
            throw TaggedJSONError(path: trail.text, "a leaf has exactly the members \"type\" and \"value\"")
        }
        if type == "set" {
            guard case .array(let elements) = member.value else {
                throw TaggedJSONError(path: trail.text(appending: .member("value")), "a set's value is a JSON array")
            }
            trail.push(.member("value"))
            let values = try list(elements, trail: &trail, depth: depth)
            trail.pop()
            return .set(values)
        }
        guard case .string(let text) = member.value else {
            throw invalidValue(trail, "a leaf's value is a JSON string")
        }
        switch type {
        case "string": return .string(text)
        case "integer":
            guard isInteger(text), let integer = Int128(text), integer >= Int128(Int64.min),
                integer <= Int128(UInt64.max)
            else { throw invalidValue(trail, "integer must be decimal in -2^63...2^64-1") }
            return PropertyListValue(integer: integer)
        case "real":
            guard let real = RealText.parse(text) else {
                throw invalidValue(trail, "real must be a finite decimal, nan, inf or -inf")
            }
            return .real(real)
        case "bool":
            guard text == "true" || text == "false" else {
                throw invalidValue(trail, "bool must be \"true\" or \"false\"")
            }
            return .bool(text == "true")
        case "date":
            guard let seconds = ISODate.parse(text) else {
                throw invalidValue(trail, "date must be YYYY-MM-DDTHH:MM:SS[.fraction]Z, years 0001-9999")
            }
            // The decoder's range (one range both ways): a fraction that rounds to 10000-01-01 is refused
            // here, or encode would write bytes that decode rejects.
            guard PropertyListValue.representableDates.contains(seconds) else {
                throw invalidValue(trail, "date \(text) rounds to \(RealText.text(seconds)) s, outside years 0001-9999")
            }
            return .date(seconds)
        case "data":
            guard let bytes = Base64.decode(text) else {
                throw invalidValue(trail, "data must be canonical padded base64")
            }
            return .data(bytes)
        case "uid":
            guard isInteger(text), !text.hasPrefix("-"), let uid = UInt64(text) else {
                throw invalidValue(trail, "uid must be decimal in 0...2^64-1")
            }
            return .uid(uid)
        case "null":
            guard text.isEmpty else { throw invalidValue(trail, "null's value is the empty string") }
            return .null
        default:
            throw TaggedJSONError(path: trail.text(appending: .member("type")), "unknown type \"\(type)\"")
        }
    }

    /// The error of a bad leaf value (the leaf at `trail`): at `<path>.value`.
    private static func invalidValue(_ trail: JSONPathTrail, _ message: String) -> TaggedJSONError {
        TaggedJSONError(path: trail.text(appending: .member("value")), message)
    }

    /// `-?(0|[1-9][0-9]*)`.
    private static func isInteger(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return digits.count == 1 || digits.first != 0x30
    }
}
