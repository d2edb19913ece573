// Sources/TaggedJSON/JSONWriter.swift - Writes a PropertyListValue as compact tagged JSON

import BinaryPlist

/// Renders tagged JSON: compact, object keys sorted by code point, leaves as `{"type":…,"value":…}`.
enum JSONWriter {
    static func write(_ value: PropertyListValue, to out: inout [UInt8]) {
        switch value {
        case .string(let string): leaf("string", string, to: &out)
        case .integer(let integer): leaf("integer", String(integer), to: &out)
        case .wideInteger(let integer): leaf("integer", String(integer), to: &out)
        case .real(let real): leaf("real", RealText.text(real), to: &out)
        case .bool(let flag): leaf("bool", flag ? "true" : "false", to: &out)
        case .date(let seconds): leaf("date", ISODate.text(seconds), to: &out)
        case .data(let bytes): leaf("data", Base64.encode(bytes), to: &out)
        case .uid(let uid): leaf("uid", String(uid), to: &out)
        case .null: leaf("null", "", to: &out)
        case .array(let elements): list(elements, to: &out)
        case .set(let elements):
            append(#"{"type":"set","value":"#, to: &out)
            list(elements, to: &out)
            out.append(UInt8(ascii: "}"))
        case .dictionary(let entries):
            out.append(UInt8(ascii: "{"))
            let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, entry) in sorted.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                quote(entry.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(entry.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func list(_ elements: [PropertyListValue], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            write(element, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func leaf(_ type: StaticString, _ value: String, to out: inout [UInt8]) {
        append(#"{"type":""#, to: &out)
        append(type, to: &out)
        append(#"","value":"#, to: &out)
        quote(value, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `text` as a JSON string literal: `"` `\` and control characters escaped, everything else UTF-8.
    static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        quote(text, to: &out)
        return out
    }

    /// Appends `\` and `character`.
    private static func escape(_ character: UInt8, to out: inout [UInt8]) {
        out.append(0x5C)
        out.append(character)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string literal (what `quoted` returns) to `out`.
    private static func quote(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): escape(0x22, to: &out)
            case UInt8(ascii: "\\"): escape(0x5C, to: &out)
            case 0x0A: escape(UInt8(ascii: "n"), to: &out)
            case 0x0D: escape(UInt8(ascii: "r"), to: &out)
            case 0x09: escape(UInt8(ascii: "t"), to: &out)
            case 0..<0x20:
                append(#"\u00"#, to: &out)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
