// Sources/TaggedJSON/JSONReader.swift - A strict RFC 8259 JSON parser that tracks the JSON path

import BinaryPlist

/// A parsed JSON value; object members keep their order (duplicates are rejected while parsing).
indirect enum JSONNode {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
}

/// Parses JSON text, reporting faults with the JSON path of the value being read and the byte offset.
struct JSONReader {
    /// Containers may nest this deep (a bplist holds 512 levels; a leaf adds one).
    static let maximumDepth = 1024

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ bytes: [UInt8]) throws(TaggedJSONError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let node = try reader.value(path: "$", depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.fail("$", "text after the JSON value") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ path: String, _ message: String) -> TaggedJSONError {
        TaggedJSONError(path: path, "\(message) (byte \(index))")
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String, path: String) throws(TaggedJSONError) {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail(path, "invalid literal") }
            index += 1
        }
    }

    private mutating func value(path: String, depth: Int) throws(TaggedJSONError) -> JSONNode {
        guard index < bytes.count else { throw fail(path, "JSON ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw fail(path, "nesting deeper than \(Self.maximumDepth)") }
            return try object(path: path, depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw fail(path, "nesting deeper than \(Self.maximumDepth)") }
            return try array(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string(path: path))
        case UInt8(ascii: "t"):
            try expect("true", path: path)
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false", path: path)
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null", path: path)
            return .null
        default: return .number(try number(path: path))
        }
    }

    private mutating func object(path: String, depth: Int) throws(TaggedJSONError) -> JSONNode {
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        var seen: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(path, "expected a string key")
            }
            let key = try string(path: path)
            let memberPath = JSONPath.member(path, key)
            guard seen.insert(key).inserted else { throw fail(memberPath, "duplicate key") }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail(memberPath, "expected ':'") }
            index += 1
            skipSpace()
            members.append((key, try value(path: memberPath, depth: depth)))
            skipSpace()
            guard index < bytes.count else { throw fail(path, "JSON ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail(path, "expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(path: String, depth: Int) throws(TaggedJSONError) -> JSONNode {
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(path: "\(path)[\(elements.count)]", depth: depth))
            skipSpace()
            guard index < bytes.count else { throw fail(path, "JSON ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail(path, "expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func number(path: String) throws(TaggedJSONError) -> String {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) {
                reader.index += 1
            }
            return reader.index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw fail(path, "invalid value") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail(path, "invalid number") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw fail(path, "invalid number") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func hex4(path: String) throws(TaggedJSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail(path, "truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw fail(path, "invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func string(path: String) throws(TaggedJSONError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail(path, "JSON ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            guard byte >= 0x20 else { throw fail(path, "control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw fail(path, "JSON ends inside an escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(path: path)
                if scalar & 0xFC00 == 0xDC00 { throw fail(path, "unpaired surrogate escape") }
                if scalar & 0xFC00 == 0xD800 {
                    guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail(path, "unpaired surrogate escape") }
                    index += 2
                    let low = try hex4(path: path)
                    guard low & 0xFC00 == 0xDC00 else { throw fail(path, "unpaired surrogate escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail(path, "invalid \\u escape") }
                utf8.append(contentsOf: Array(String(unicode).utf8))
            default: throw fail(path, "invalid escape")
            }
        }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw fail(path, "string is not valid UTF-8") }
        return text
    }
}

/// JSON path spelling: `$.name`, `$["odd key"]`, `$[3]`.
enum JSONPath {
    static func member(_ path: String, _ key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.utf8.enumerated().allSatisfy { position, byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
                    || (position > 0 && byte >= 0x30 && byte <= 0x39)
            }
        if isIdentifier { return path + "." + key }
        return path + "[" + String(decoding: JSONWriter.quoted(key), as: UTF8.self) + "]"
    }
}
