// Sources/TaggedJSON/FieldObject.swift - The attribute's fields as the adapter protocol writes them in JSON

/// A JSON object whose values are all strings: what `read-attribute` prints and `write-attribute` reads.
/// The one reader and writer of it for the judge, the in-process reference, `xds read-attribute`,
/// `xds write-attribute`, `xds-adapter-foundation original write-attribute` and the filesystem harness.
///
/// The reader's rules (Docs/spec.md `attribute.write.input`, Docs/conformance.md "The field object"): one strict
/// RFC 8259 JSON text whose root is an object; each key one of the four field names, matched exactly, at most
/// once; each value a string; the keys a caller requires all present. The first fault in document order is
/// reported, then the first required key missing in the order of ``keys``.
public enum FieldObject {
    /// The four field names, in the convention's order (Docs/spec.md §2.4).
    public static let keys = ["identifier", "name", "path", "appInfoURL"]

    /// `{"key":"value",…}`: keys sorted by their Unicode scalars, no spaces, strings quoted as every `xds`
    /// command quotes them (`/` unescaped).
    public static func render(_ fields: [String: String]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, key) in fields.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
            .enumerated()
        {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += JSONWriter.quoted(key) + [UInt8(ascii: ":")] + JSONWriter.quoted(fields[key] ?? "")
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The fields of `bytes`, a field object.
    ///
    /// - Parameter required: the keys that must be present: all four for `write-attribute`'s input (the
    ///   default), none for `read-attribute`'s output (the fields a reader kept) and for the original's writer,
    ///   whose own code meets a missing field (it raises).
    /// - Throws: `FieldObjectError` naming the first fault: the JSON text's, a root that is not an object, a
    ///   repeated key, a key other than the four, a value that is not a string (each with its byte offset), or
    ///   a required key that is missing.
    public static func read(_ bytes: [UInt8], requiring required: [String] = keys) throws(FieldObjectError) -> [String:
        String]
    {
        let tape: JSONTape
        do {
            tape = try JSONReader.parse(bytes, options: .init(recordsOffsets: true, keepsDuplicateKeys: true))
        } catch {
            throw .malformedJSON(error.message, offset: error.offset ?? 0)
        }
        guard tape.entries[0].kind == .object else { throw .notAnObject(describe(tape.entries[0].kind)) }
        var fields: [String: String] = [:]
        for member in tape.members(ofObjectAt: 0) {
            let key = tape.string(at: member.key)
            guard fields[key] == nil else { throw .repeatedKey(key, offset: tape.offsets[member.key]) }
            guard keys.contains(key) else { throw .unknownKey(key, offset: tape.offsets[member.key]) }
            let kind = tape.entries[member.value].kind
            guard kind == .string else {
                throw .notAString(key, describe(kind), offset: tape.offsets[member.value])
            }
            fields[key] = tape.string(at: member.value)
        }
        if let missing = required.first(where: { fields[$0] == nil }) { throw .missingKey(missing) }
        return fields
    }

    /// `an array`, `a number`, … for messages.
    private static func describe(_ kind: JSONTape.Kind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// Why bytes are not the field object asked for; each case names the problem, and where the text shows it, the
/// byte offset (0-based) of the offending key or value.
public enum FieldObjectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not one strict RFC 8259 JSON text (trailing comma, text after the value, bytes that are not UTF-8, …):
    /// the JSON reader's message and the offset where it stopped.
    case malformedJSON(String, offset: Int)
    /// The JSON text is a value other than an object (`an array`, `a string`, …).
    case notAnObject(String)
    /// A key given a second time; the offset of the second one's opening quote.
    case repeatedKey(String, offset: Int)
    /// A key other than the four field names (they match exactly, case-sensitively); the offset of its quote.
    case unknownKey(String, offset: Int)
    /// A field whose value is not a string: the key, what the value is, the offset of the value.
    case notAString(String, String, offset: Int)
    /// A required field is absent.
    case missingKey(String)

    public var description: String {
        switch self {
        case .malformedJSON(let message, _):
            return "the field object is not strict JSON: \(message)"
        case .notAnObject(let what):
            return "the field object is \(what), not a JSON object"
        case .repeatedKey(let key, let offset):
            return "the field object gives key \(Self.quoted(key)) twice (again at byte \(offset))"
        case .unknownKey(let key, let offset):
            return "the field object has key \(Self.quoted(key)) (byte \(offset)), which is not one of "
                + "identifier, name, path, appInfoURL"
        case .notAString(let key, let what, let offset):
            return "field \(Self.quoted(key)) is \(what) (byte \(offset)), not a string"
        case .missingKey(let key):
            return "the field object has no \(Self.quoted(key)) key"
        }
    }

    /// The key as a JSON string, so control characters and quotes in a hostile key stay visible and on one line.
    private static func quoted(_ key: String) -> String { String(decoding: JSONWriter.quoted(key), as: UTF8.self) }
}
