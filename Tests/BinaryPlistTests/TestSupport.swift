// Tests/BinaryPlistTests/TestSupport.swift - Hex helpers and a decode-expecting-an-error helper

import Testing

@testable import BinaryPlist

/// Bytes from a hex string; spaces and newlines are ignored.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map { UInt8(String($0), radix: 16)! }
    return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
}

/// Lower-case hex of `bytes`.
func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
}

/// The error decoding `bytes` throws, or nil when it decodes.
func decodeError(_ bytes: [UInt8], rules: DecodingRules = .strict) -> BPlistError? {
    do {
        _ = try BPlistDecoder.decode(bytes, rules: rules)
        return nil
    } catch {
        return error
    }
}

/// The 145-byte x-document-source dictionary plistlib writes (bplist-catalogue §4.2).
let documentSourceHex = """
    62706c6973743030d40102030405060708\
    5a617070496e666f55524c5a6964656e746966696572546e616d655470617468\
    5f101768747470733a2f2f6578616d706c652e636f6d2f6170705f100f636f6d2e6578616d706c652e646f6353446f63562f746d702f61\
    08111c272c314b5d61\
    00000000000001010000000000000009\
    00000000000000000000000000000068
    """

let documentSourceValue = PropertyListValue.dictionary([
    "identifier": .string("com.example.doc"), "name": .string("Doc"), "path": .string("/tmp/a"),
    "appInfoURL": .string("https://example.com/app"),
])

/// Builds a bplist00 file from raw object bytes laid out in order from offset 8.
struct PlistBuilder {
    var objects: [[UInt8]]
    var offsetSize = 1
    var refSize = 1
    var top: UInt64 = 0
    /// Bytes inserted between the last object and the offset table.
    var gap: [UInt8] = []
    /// Replaces the computed offsets when set.
    var offsets: [UInt64]?

    init(_ objects: [[UInt8]]) { self.objects = objects }

    /// Object offsets as laid out.
    var layout: [UInt64] {
        var result: [UInt64] = []
        var position: UInt64 = 8
        for object in objects {
            result.append(position)
            position += UInt64(object.count)
        }
        return result
    }

    var bytes: [UInt8] {
        var out = Array("bplist00".utf8)
        for object in objects { out += object }
        out += gap
        let table = UInt64(out.count)
        for offset in offsets ?? layout { out += bigEndian(offset, width: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        out += bigEndian(UInt64(objects.count), width: 8) + bigEndian(top, width: 8) + bigEndian(table, width: 8)
        return out
    }
}

/// `value` in `width` big-endian bytes (zero-extended beyond 8).
func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
    (0..<width).map { index in
        let shift = (width - 1 - index) * 8
        return shift >= 64 ? 0 : UInt8(truncatingIfNeeded: value >> UInt64(shift))
    }
}

/// Overwrites bytes of `file` starting at `offset`.
func patched(_ file: [UInt8], at offset: Int, _ bytes: [UInt8]) -> [UInt8] {
    var copy = file
    copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    return copy
}

/// An ASCII string object.
func ascii(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    precondition(bytes.count < 15)
    return [0x50 | UInt8(bytes.count)] + bytes
}
