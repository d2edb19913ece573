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
