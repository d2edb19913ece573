// Sources/TaggedJSON/FieldObject.swift - The attribute's fields as the adapter protocol writes them in JSON

/// A JSON object whose values are all strings: what `read-attribute` prints and `write-attribute` reads.
/// The one reader and writer of it for the judge, the in-process reference, `xds read-attribute` and the
/// filesystem harness.
public enum FieldObject {
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

    /// The fields of `bytes`, or nil when it is not one strict (RFC 8259) JSON object whose values are all
    /// strings; a key given twice is not one.
    public static func parse(_ bytes: [UInt8]) -> [String: String]? {
        guard let tape = try? JSONReader.parse(bytes), tape.entries[0].kind == .object else { return nil }
        var fields: [String: String] = [:]
        for member in tape.members(ofObjectAt: 0) {
            guard tape.entries[member.value].kind == .string else { return nil }
            fields[tape.string(at: member.key)] = tape.string(at: member.value)
        }
        return fields
    }
}
