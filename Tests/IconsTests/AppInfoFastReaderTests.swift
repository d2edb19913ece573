// Tests/IconsTests/AppInfoFastReaderTests.swift - The fast appInfo.json reader gives Foundation's answer or none

import Foundation
import SeededRandom
import TestSupport
import Testing

@testable import Icons

/// `AppInfo.parse` reads most inputs with ``AppInfoFastReader`` and leaves the rest to
/// `JSONSerialization`. Wherever the reader answers, Foundation must give the same answer: the same
/// ``AppInfo``, or the same error (text and offset); where it does not answer, Foundation decides. Compared on every appInfo vector, the committed fuzz corpora, edge cases and
/// random inputs built from JSON pieces.
@Suite struct AppInfoFastReaderTests {
    /// Large enough that no limit interferes with the comparison.
    static let roomy = AppInfoLimits(maxBytes: 1 << 20, maxEntries: 1 << 20)

    /// Checks one input; returns whether the fast reader answered.
    @discardableResult
    static func compare(_ bytes: [UInt8], _ label: String) -> Bool {
        let foundation = Result { () throws(AppInfoError) -> AppInfo in
            try AppInfo.parseWithFoundation(bytes, limits: roomy)
        }
        guard let fast = AppInfoFastReader.read(bytes) else { return false }
        #expect(foundation == fast, "\(label): \(String(decoding: bytes, as: UTF8.self))")
        return true
    }

    static func files(under path: String, named suffix: String? = nil) -> [URL] {
        let root = BuiltProducts.packageRoot.appendingPathComponent(path)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { url in
            !url.hasDirectoryPath && (suffix.map { url.lastPathComponent.hasSuffix($0) } ?? true)
        }
    }

    @Test func everyAppInfoVectorReadsAsFoundationReadsIt() throws {
        let vectors = Self.files(under: "Vectors/icons", named: ".appinfo")
        #expect(vectors.count > 50)
        var answered = 0
        for url in vectors where Self.compare(Array(try Data(contentsOf: url)), url.lastPathComponent) {
            answered += 1
        }
        // Most vectors are plain JSON: the reader must actually take them, or it is not used.
        #expect(answered * 2 > vectors.count)
    }

    @Test(arguments: ["FuzzIconImage", "FuzzIconSelection", "FuzzAppInfoParser"])
    func everyCommittedCorpusInputReadsAsFoundationReadsIt(target: String) throws {
        let inputs = Self.files(under: "FuzzTesting/seed-corpus/\(target)")
        #expect(!inputs.isEmpty)
        for url in inputs {
            let bytes = Array(try Data(contentsOf: url))
            // The icon targets put an option byte first; the bytes are compared with and without it.
            Self.compare(bytes, url.lastPathComponent)
            Self.compare(Array(bytes.dropFirst()), url.lastPathComponent + " (after the option byte)")
        }
    }

    static let edges = [
        #"{"icons":[{"width":58,"height":58,"src":"a.png"}]}"#, "[]", "{}", " \t\r\n{ } \n", "[1,]", #"{"a":1,}"#,
        "[1,,]", "[,]", "{,}", "[1,}", #"{"a":1,]"#, "[1 , \n ]", "[-0]", "[0]", "[00]", "[-00]", "[01]", "[-]",
        "[1.]", "[.5]", "[1.5]", "[1e5]", "[1E5]", "[1e+5]", "[1E-5]", "[1e]", "[1e+]", "[-1E5]", "[1e400]",
        "[1E400]", "[123456789012345678]", "[-12345678901234567]", "[1234567890123456789]",
        "[9223372036854775807]", "[-9223372036854775808]", "[12345678901234567890123]", "[9223372036854775808]",
        "[18446744073709551615]", "[18446744073709551616]", "[99999999999999999999]", "[1000000000000000000]",
        "[0000000000000000000]", "[-1234567890123456789]", "[1234567890.1234567]",
        "[1234567890.12345678]", "[0.1e-400]", "[true]", "[false]", "[null]", "[tru]", "[nul]", "[truex]",
        #"["a\"b"]"#, #"["a\\b\/c\b\f\n\r\t"]"#, #"["\u0041"]"#, #"["\x"]"#, #"["\ud800"]"#, #"["\ud800\u0041"]"#,
        #"["\udc00"]"#, #"["\u12"]"#,
        #"["\uZZZZ"]"#, #"["\ud83d\ude00"]"#, #"["\u0000"]"#, #"["\ud800\"]"#, #"["\u00e9x"]"#, "[\"\\ud800\\\u{e9}\"]",
        "[\"\u{7F}\"]", "[\"\u{1F}\"]",
        "[\"é\"]", "{\"icons\":[{\"src\":\"ï/\u{301}.png\",\"width\":1}]}", "[\"\u{FEFF}a\"]", "[\"a\u{FEFF}\"]",
        "[\"é\\n\"]", "[\"é\u{1}\"]", "{\"é\":1}", #"{"\u0069cons":[]}"#, #"{"ic\/ons":[]}"#,
        #"{"icons":[],"icons":5}"#,
        #"{"icons":5,"icons":[]}"#, #"{"icons":[{"width":1,"width":2,"src":"x","src":"y"}]}"#,
        #"{"icons":"x"}"#, #"{"icons":{"icons":[]}}"#, #"{"icons":[1,"x",null,true,[1],{},1.5]}"#,
        #"{"icons":[{"width":"58","height":[58],"src":{"a":1}}]}"#, #"{"x":[[[[{"y":[]}]]]],"icons":[]}"#, "1",
        "\"x\"", "null", "[1] x", "[1]]", "{\"a\" 1}", "{\"a\":}", "{a:1}", "\u{FEFF}[1]", "[1]\0", "\0[1]", "",
        "   ", "[", "{", "{\"a\"", "{\"a\":1", "[1", "[\"abc",
    ]

    @Test func invalidUTF8InStringsIsFoundationsError() {
        let quote = Array("[\"".utf8)
        let end = Array("\"]".utf8)
        let invalid: [[UInt8]] = [
            [0xFF], [0x61, 0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
        ]
        for text in invalid {
            let bytes = quote + text + end
            Self.compare(bytes, "invalid UTF-8")
            guard case .failure(let error) = AppInfoFastReader.read(bytes) else {
                Issue.record("\(bytes) not read as an error")
                continue
            }
            #expect(error.offset == 2)
            // As a key, and after valid members.
            Self.compare(Array("{\"".utf8) + text + Array("\":1}".utf8), "invalid UTF-8 key")
            Self.compare(Array(#"{"icons":[{"src":"a.png","width":"#.utf8) + quote.dropFirst() + text + end, "later")
        }
        // A byte-order mark first (Foundation drops it) and text beyond ASCII with escapes are Foundation's.
        for bytes in [quote + [0xEF, 0xBB, 0xBF, 0xFF] + end, quote + [0xFF] + Array("\\n".utf8) + end] {
            Self.compare(bytes, "left to Foundation")
            #expect(AppInfoFastReader.read(bytes) == nil, "\(bytes)")
        }
    }

    @Test func edgeCasesReadAsFoundationReadsThem() {
        for text in Self.edges { Self.compare(Array(text.utf8), "edge") }
        // The plain forms are taken by the reader.
        for text in [
            Self.edges[0], "[1.5]", "[1E5]", "[-0]", #"["a\"b"]"#, "[\"é\"]", #"["\u0041"]"#, #"["\ud83d\ude00"]"#,
        ] {
            #expect(AppInfoFastReader.read(Array(text.utf8)) != nil, "\(text)")
        }
        // So are the common errors, with Foundation's text.
        for text in ["[1,,]", "[01]", "{\"a\" 1}", "[tru", "[\"a\u{1}\"]", "[1", "", #"["a\x"]"#, "[\"\\\u{1}\"]"] {
            guard case .failure = AppInfoFastReader.read(Array(text.utf8)) else {
                Issue.record("\(text) not read as an error")
                continue
            }
        }
        // \u, non-ASCII, long numbers, fragments and byte-order marks are Foundation's.
        for text in [
            "[\"é\\n\"]", "[\"\u{FEFF}a\"]", "[123456789012345678901]", "[-1234567890123456789]",
            "[1e400]", "1", "\u{FEFF}[1]",
            "[\"\\é\"]",
        ] {
            #expect(AppInfoFastReader.read(Array(text.utf8)) == nil, "\(text)")
        }
    }

    static let keys = [
        "\"icons\"", "\"width\"", "\"height\"", "\"src\"", "\"x\"", "\"\"", "\"ic\\/ons\"", "\"\\u0069cons\"",
    ]
    static let scalars = [
        "0", "-0", "1", "58", "-1", "1.5", "58.0", "5.8e1", "1E5", "1e-5", "-2.5E+3", "01", "1.", "1e400",
        "123456789012345678", "1234567890123456789", "0.12345678901234567", "9223372036854775808",
        "18446744073709551615", "18446744073709551616", "99999999999999999999", "-9223372036854775808", "true", "false",
        "null", "tru",
        "\"\"", "\"a.png\"", "\"https://example.com/i.png\"", "\"\\n\\t\\\"\\/\"", "\"\\u0041\"", "\"é\"", "\"\u{7F}\"",
        "\"\\q\"", "\"a",
    ]
    static let spaces = ["", "", "", " ", "\n", "\t ", "\r\n"]

    /// A random JSON-like value: mostly valid, with the number forms, strings, keys and trailing commas
    /// that matter, and now and then a piece Foundation refuses.
    static func randomValue(depth: Int, using random: inout SeededGenerator) -> String {
        let space = { (random: inout SeededGenerator) in spaces.randomElement(using: &random) ?? "" }
        let choice = depth > 4 ? 2 : Int.random(in: 0..<5, using: &random)
        switch choice {
        case 0:
            let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                space(&random) + (keys.randomElement(using: &random) ?? "") + space(&random) + ":"
                    + randomValue(depth: depth + 1, using: &random)
            }
            let comma = !members.isEmpty && Int.random(in: 0..<8, using: &random) == 0 ? "," : ""
            return space(&random) + "{" + members.joined(separator: ",") + comma + space(&random) + "}" + space(&random)
        case 1:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                randomValue(depth: depth + 1, using: &random)
            }
            let comma = !elements.isEmpty && Int.random(in: 0..<8, using: &random) == 0 ? "," : ""
            return space(&random) + "[" + elements.joined(separator: ",") + comma + space(&random) + "]"
                + space(&random)
        default:
            return space(&random) + (scalars.randomElement(using: &random) ?? "") + space(&random)
        }
    }

    @Test func randomDocumentsReadAsFoundationReadsThem() {
        var random = SeededGenerator(seed: 0xA995_F00D)
        var answered = 0
        for _ in 0..<20_000 {
            let root = Int.random(in: 0..<4, using: &random) == 0 ? "[" : "{\"icons\":["
            let entries = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Self.randomValue(depth: 1, using: &random)
            }
            let text = root + entries.joined(separator: ",") + (root == "[" ? "]" : "]}")
            if Self.compare(Array(text.utf8), "random") { answered += 1 }
        }
        #expect(answered > 2000)
    }

    @Test func randomMutationsOfTheVectorsReadAsFoundationReadsThem() throws {
        var random = SeededGenerator(seed: 0x1C0_5EED)
        let vectors = try Self.files(under: "Vectors/icons", named: ".appinfo").map { Array(try Data(contentsOf: $0)) }
        let bytes: [UInt8] = Array(" ,:[]{}\"\\-.0123456789eE+truefalsn\u{7F}".utf8) + [0, 0x0A, 0xC3, 0xA9, 0xFF]
        var answered = 0
        var errors = 0
        for vector in vectors where !vector.isEmpty {
            for _ in 0..<200 {
                var input = vector
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let at = Int.random(in: 0..<max(input.count, 1), using: &random)
                    let byte = bytes.randomElement(using: &random) ?? 0
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0 where at < input.count: input[at] = byte
                    case 1 where at < input.count: input.remove(at: at)
                    default: input.insert(byte, at: min(at, input.count))
                    }
                }
                if Self.compare(input, "mutated") { answered += 1 }
                if case .failure = AppInfoFastReader.read(input) { errors += 1 }
            }
        }
        #expect(answered > 1000)
        // Errors too are compared, text and offset, not only accepted documents.
        #expect(errors > 500)
    }
}

/// The word test behind the reader's string scan says what a byte loop says.
@Suite struct AppInfoFastReaderPlainSpanTests {
    static func plainByBytes(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x5C }
    }

    static func scanByBytes(_ bytes: [UInt8]) -> (controlOrBackslash: Bool, nonASCII: Bool) {
        (bytes.contains { $0 < 0x20 || $0 == 0x5C }, bytes.contains { $0 >= 0x80 })
    }

    @Test func everySingleByteAtEveryPositionOfAWord() {
        for length in 1...17 {
            for position in 0..<length {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(byte)
                    let plain = bytes.withUnsafeBytes { AppInfoFastReader.isPlain($0) }
                    #expect(plain == Self.plainByBytes(bytes), "\(bytes)")
                    let found = bytes.withUnsafeBytes { AppInfoFastReader.scan($0) }
                    #expect(found == Self.scanByBytes(bytes), "\(bytes)")
                }
            }
        }
    }

    @Test func randomSpans() {
        var random = SeededGenerator(seed: 0x5BA7)
        let alphabet: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xFF, 0x41, 0x22]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                alphabet.randomElement(using: &random) ?? 0
            }
            let plain = bytes.withUnsafeBytes { AppInfoFastReader.isPlain($0) }
            #expect(plain == Self.plainByBytes(bytes), "\(bytes)")
            let found = bytes.withUnsafeBytes { AppInfoFastReader.scan($0) }
            #expect(found == Self.scanByBytes(bytes), "\(bytes)")
        }
    }
}
