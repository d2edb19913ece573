// Sources/TaggedJSON/TaggedJSON.swift - Tagged JSON (DESIGN §3) <-> PropertyListValue (entry points)

import BinaryPlist

/// A tagged-JSON document that does not describe a property list value; `path` is the JSON path.
public struct TaggedJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}

/// Converts between `PropertyListValue` and tagged JSON text.
public enum TaggedJSON {
    /// Renders `value` as tagged JSON (UTF-8 bytes, keys sorted, no trailing newline).
    public static func encode(_ value: PropertyListValue) -> [UInt8] { [] }

    /// Parses tagged JSON text into a value.
    public static func decode(_ bytes: [UInt8]) throws(TaggedJSONError) -> PropertyListValue {
        throw TaggedJSONError(path: "$", "not implemented yet")
    }
}
