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
        try value(of: JSONReader.parse(bytes), path: "$", depth: 0)
    }

    /// Containers may nest as deep as a strict decoder reads (512 levels, the root at level 1): deeper
    /// text is refused here, or `xds encode` would write bytes that `xds decode` rejects.
    public static let maximumDepth = DecodingRules.strict.maximumDepth

    /// `depth`: the containers around `node`.
    private static func value(of node: JSONNode, path: String, depth: Int) throws(TaggedJSONError) -> PropertyListValue
    {
        switch node {
        case .array(let elements):
            try checkDepth(depth, path: path)
            var values: [PropertyListValue] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try value(of: element, path: "\(path)[\(index)]", depth: depth + 1))
            }
            return .array(values)
        case .object(let members):
            if let typeMember = members.first(where: { $0.key == "type" }), case .string(let type) = typeMember.value {
                return try leaf(type: type, members: members, path: path, depth: depth)
            }
            try checkDepth(depth, path: path)
            var entries: [String: PropertyListValue] = [:]
            entries.reserveCapacity(members.count)
            for (key, member) in members {
                let memberPath = JSONPath.member(path, key)
                guard entries[key] == nil else {
                    throw TaggedJSONError(path: memberPath, "key equals an earlier key (canonically equivalent)")
                }
                entries[key] = try value(of: member, path: memberPath, depth: depth + 1)
            }
            return .dictionary(entries)
        default:
            throw TaggedJSONError(path: path, "expected an array, a dictionary object or a {\"type\",\"value\"} leaf")
        }
    }

    /// Refuses a container at `depth` (the containers around it) when a strict decoder would.
    private static func checkDepth(_ depth: Int, path: String) throws(TaggedJSONError) {
        guard depth < maximumDepth else {
            throw TaggedJSONError(
                path: path, "containers nest deeper than \(maximumDepth) levels (a bplist reader's limit)")
        }
    }

    private static func leaf(
        type: String, members: [(key: String, value: JSONNode)], path: String, depth: Int
    ) throws(TaggedJSONError) -> PropertyListValue {
        let valuePath = path + ".value"
        guard members.count == 2, let member = members.first(where: { $0.key == "value" }) else {
            throw TaggedJSONError(path: path, "a leaf has exactly the members \"type\" and \"value\"")
        }
        if type == "set" {
            guard case .array(let elements) = member.value else {
                throw TaggedJSONError(path: valuePath, "a set's value is a JSON array")
            }
            guard case .array(let values) = try value(of: .array(elements), path: valuePath, depth: depth) else {
                return .set([])
            }
            return .set(values)
        }
        guard case .string(let text) = member.value else {
            throw TaggedJSONError(path: valuePath, "a leaf's value is a JSON string")
        }
        switch type {
        case "string": return .string(text)
        case "integer":
            guard isInteger(text), let integer = Int128(text), integer >= Int128(Int64.min),
                integer <= Int128(UInt64.max)
            else { throw TaggedJSONError(path: valuePath, "integer must be decimal in -2^63...2^64-1") }
            return PropertyListValue(integer: integer)
        case "real":
            guard let real = RealText.parse(text) else {
                throw TaggedJSONError(path: valuePath, "real must be a finite decimal, nan, inf or -inf")
            }
            return .real(real)
        case "bool":
            guard text == "true" || text == "false" else {
                throw TaggedJSONError(path: valuePath, "bool must be \"true\" or \"false\"")
            }
            return .bool(text == "true")
        case "date":
            guard let seconds = ISODate.parse(text) else {
                throw TaggedJSONError(path: valuePath, "date must be YYYY-MM-DDTHH:MM:SS[.fraction]Z, years 0001-9999")
            }
            // The decoder's range (one range both ways): a fraction that rounds to 10000-01-01 is refused
            // here, or encode would write bytes that decode rejects.
            guard PropertyListValue.representableDates.contains(seconds) else {
                throw TaggedJSONError(
                    path: valuePath, "date \(text) rounds to \(RealText.text(seconds)) s, outside years 0001-9999")
            }
            return .date(seconds)
        case "data":
            guard let bytes = Base64.decode(text) else {
                throw TaggedJSONError(path: valuePath, "data must be canonical padded base64")
            }
            return .data(bytes)
        case "uid":
            guard isInteger(text), !text.hasPrefix("-"), let uid = UInt64(text) else {
                throw TaggedJSONError(path: valuePath, "uid must be decimal in 0...2^64-1")
            }
            return .uid(uid)
        case "null":
            guard text.isEmpty else { throw TaggedJSONError(path: valuePath, "null's value is the empty string") }
            return .null
        default:
            throw TaggedJSONError(path: path + ".type", "unknown type \"\(type)\"")
        }
    }

    /// `-?(0|[1-9][0-9]*)`.
    private static func isInteger(_ text: String) -> Bool {
        var digits = Array(text.utf8)[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return digits.count == 1 || digits.first != 0x30
    }
}
