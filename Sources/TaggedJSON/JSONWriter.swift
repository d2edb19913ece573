// Sources/TaggedJSON/JSONWriter.swift - Writes a PropertyListValue as compact tagged JSON

import BinaryPlist

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            // The keys alone are sorted (moving a key is cheaper than moving a key and its value); each value
            // is then looked up once.
            var isFirst = true
            for key in entries.keys.sorted(by: precedesInUTF8) {
                // Every key of `entries` has its value.
                guard let value = entries[key] else { continue }
                if !isFirst { out.append(UInt8(ascii: ",")) }
                isFirst = false
                quote(key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s (code point order), compared with `memcmp` where both
    /// strings are stored as UTF-8 (always, for native strings; neither is copied).
    private static func precedesInUTF8(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in
                let common = min(first.count, second.count)
                if common > 0, let left = first.baseAddress, let right = second.baseAddress {
                    let order = memcmp(left, right, common)
                    if order != 0 { return order < 0 }
                }
                return first.count < second.count
            }
        }
        if let order = order ?? nil { return order }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
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

    /// Appends `text` as a JSON string literal (what `quoted` returns) to `out`: runs of bytes that need no
    /// escape are copied whole.
    static func quote(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let end = JSONStringScan.endOfPlainRun(in: utf8, from: index)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                guard end < utf8.count else { break }
                escapeByte(utf8[end], to: &out)
                index = end + 1
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the escape of `byte`, one of `"`, `\` and the control characters.
    private static func escapeByte(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): escape(0x22, to: &out)
        case UInt8(ascii: "\\"): escape(0x5C, to: &out)
        case 0x0A: escape(UInt8(ascii: "n"), to: &out)
        case 0x0D: escape(UInt8(ascii: "r"), to: &out)
        case 0x09: escape(UInt8(ascii: "t"), to: &out)
        default:
            append(#"\u00"#, to: &out)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }
}
