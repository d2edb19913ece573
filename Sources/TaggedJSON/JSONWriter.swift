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
            out.append(contentsOf: Array(#"{"type":"set","value":"#.utf8))
            list(elements, to: &out)
            out.append(UInt8(ascii: "}"))
        case .dictionary(let entries):
            out.append(UInt8(ascii: "{"))
            let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, entry) in sorted.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: quoted(entry.key))
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

    private static func leaf(_ type: String, _ value: String, to out: inout [UInt8]) {
        out.append(contentsOf: Array(#"{"type":""#.utf8))
        out.append(contentsOf: Array(type.utf8))
        out.append(contentsOf: Array(#"","value":"#.utf8))
        out.append(contentsOf: quoted(value))
        out.append(UInt8(ascii: "}"))
    }

    /// `text` as a JSON string literal: `"` `\` and control characters escaped, everything else UTF-8.
    static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 2)
        let hexDigits = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: Array(#"\u00"#.utf8))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
