// Tests/IconsTests/ByteFastPathTests.swift - The byte-wise fast paths give what the general code gives

import Foundation
import SeededRandom
import Testing

@testable import Icons

/// Icon selection reads URLs and appInfo.json byte by byte where that is cheaper (ASCII text, a
/// memchr prefilter); each fast path is compared here with the general code on random inputs built
/// from the pieces that matter (delimiters, dot segments, CR LF, non-ASCII, combining marks).
@Suite struct ByteFastPathTests {
    static let urlPieces = [
        "a", "b", "/", "//", ".", "..", "./", "../", "/.", "/..", "?", "#", ":", ";", "@", "[", "]", "%20", "\r\n",
        "\r",
        "\n", " ", "x.png", "https:", "//h", "ï", "\u{301}", "/\u{301}", ".\u{301}",
    ]

    static func randomText(_ pieces: [String], upTo count: Int, using random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
            .joined()
    }

    /// Runs `body` on 20,000 random texts from `pieces`, the ASCII ones only; expects more than 5,000.
    static func forASCIITexts(seed: UInt64, _ pieces: [String], _ body: (String) -> Void) {
        var random = SeededGenerator(seed: seed)
        var ascii = 0
        for _ in 0..<20000 {
            let text = randomText(pieces, upTo: 8, using: &random)
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            ascii += 1
            body(text)
        }
        #expect(ascii > 5000)
    }

    @Test func asciiSplitEqualsTheCharacterSplit() {
        Self.forASCIITexts(seed: 3986, Self.urlPieces) { text in
            #expect(URIReference.split(ascii: text) == URIReference.split(characters: text), "\(text.debugDescription)")
        }
    }

    @Test func asciiDotSegmentRemovalEqualsTheCharacterOne() {
        Self.forASCIITexts(seed: 5204, Self.urlPieces) { path in
            #expect(
                URIReference.removeDotSegments(ascii: Array(path.utf8))
                    == URIReference.removeDotSegments(characters: path), "\(path.debugDescription)")
        }
    }

    @Test func asciiClassicSplitEqualsTheCharacterSplit() {
        Self.forASCIITexts(seed: 1808, Self.urlPieces + ["1", "+", "a:", "b#c:"]) { text in
            #expect(
                ClassicComponents.split(ascii: text) == ClassicComponents(characters: text), "\(text.debugDescription)")
        }
    }

    /// The byte-wise usable-base check says what the classic components say.
    @Test func isUsableBaseMatchesTheComponents() {
        var random = SeededGenerator(seed: 1738)
        var usable = 0
        for _ in 0..<20000 {
            let scheme = ["http", "https", "HTTP", "hTtPs", "htt", "httpx", "ftp", "h1", ""].randomElement(
                using: &random)
            let text =
                (scheme ?? "") + (Bool.random(using: &random) ? ":" : "")
                + Self.randomText(
                    ["//", "/", "?", "#", "h", ".", ":", "@", "[", "]", " ", "%2"], upTo: 5, using: &random)
            let parts = ClassicComponents(text)
            let lowered = parts.scheme?.lowercased()
            let expected =
                LegacyURLResolver.isLegal(text) && (lowered == "http" || lowered == "https") && parts.netLocation != nil
            if expected { usable += 1 }
            #expect(LegacyURLResolver.isUsableBase(text) == expected, "\(text.debugDescription)")
        }
        #expect(usable > 50)
    }

    /// The legacy path merge runs on UTF-8 bytes of ASCII paths; CFURL's runs on UTF-16 units.
    @Test func resolvedPathOnBytesEqualsTheUTF16One() {
        Self.forASCIITexts(seed: 1809, Self.urlPieces) { path in
            #expect(
                String(decoding: LegacyURLResolver.resolvedPath(Array(path.utf8)), as: UTF8.self)
                    == String(decoding: LegacyURLResolver.resolvedPath(Array(path.utf16)), as: UTF16.self),
                "\(path.debugDescription)")
        }
    }

    /// Recomposition (one buffer) gives what concatenating the components gives, for any text.
    @Test func recomposedTextEqualsTheConcatenation() {
        var random = SeededGenerator(seed: 5300)
        for _ in 0..<5000 {
            let parts = URIReference(parsing: Self.randomText(Self.urlPieces + ["é", "😀"], upTo: 8, using: &random))
            var expected = ""
            if let scheme = parts.scheme { expected += scheme + ":" }
            if let authority = parts.authority { expected += "//" + authority }
            expected += parts.path
            if let query = parts.query { expected += "?" + query }
            if let fragment = parts.fragment { expected += "#" + fragment }
            #expect(parts.text.utf8.elementsEqual(expected.utf8), "\(expected.debugDescription)")
        }
    }

    /// The table-driven legality test says what the character-by-character one says.
    @Test func legalityTestEqualsTheCharacterWalk() {
        var random = SeededGenerator(seed: 1739)
        var legal = 0
        for _ in 0..<20000 {
            let text = Self.randomText(
                Self.urlPieces + ["%", "%4", "%4a", "%G1", "%%", "#", "1", "F", "g", "\u{0}", "\u{7F}", "é"], upTo: 8,
                using: &random)
            let expected = LegacyURLResolver.isLegalReference(text)
            if expected { legal += 1 }
            #expect(LegacyURLResolver.isLegal(text) == expected, "\(text.debugDescription)")
        }
        #expect(legal > 1000)
    }

    /// Brackets escaped in one pass give what two Foundation replacements give.
    @Test func bracketEscapingEqualsFoundations() {
        var random = SeededGenerator(seed: 2733)
        for _ in 0..<5000 {
            let text = Self.randomText(Self.urlPieces, upTo: 8, using: &random)
            let expected = text.replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
            #expect(LegacyURLResolver.escapeBrackets(text) == expected, "\(text.debugDescription)")
        }
    }

    /// The word-wise ASCII test finds a non-ASCII byte at every position of every short length.
    @Test func asciiTestFindsEveryNonASCIIByte() {
        for count in 0...24 {
            let ascii = String(repeating: "a", count: count)
            #expect(ASCIIText.isASCII(ascii))
            for position in 0..<count {
                var bytes = Array(ascii.utf8)
                bytes[position] = 0xC3
                bytes.insert(0xA9, at: position + 1)
                #expect(!ASCIIText.isASCII(String(decoding: bytes, as: UTF8.self)), "\(count) \(position)")
            }
        }
    }

    @Test func asciiReplacementEqualsFoundations() {
        var random = SeededGenerator(seed: 2732)
        for _ in 0..<5000 {
            let text = Self.randomText(Self.urlPieces, upTo: 8, using: &random)
            for (target, replacement) in [("#", "%23"), ("[", "%5B"), ("]", "%5D")] {
                let byte = UInt8(ascii: Unicode.Scalar(target) ?? " ")
                #expect(
                    LegacyURLResolver.replacingASCII(byte, with: replacement, in: text)
                        == text.replacingOccurrences(of: target, with: replacement), "\(text.debugDescription)")
            }
        }
    }

    /// The IRI mapping percent-encodes each UTF-8 byte of each non-ASCII scalar, as it did scalar by scalar.
    @Test func iriMappingEncodesEachNonASCIIScalar() {
        var random = SeededGenerator(seed: 3987)
        for _ in 0..<5000 {
            let text = Self.randomText(Self.urlPieces + ["é", "😀", "\u{FEFF}"], upTo: 6, using: &random)
            var expected = ""
            for scalar in text.unicodeScalars {
                if scalar.isASCII {
                    expected.unicodeScalars.append(scalar)
                } else {
                    for byte in String(scalar).utf8 { expected += "%" + String(format: "%02X", byte) }
                }
            }
            let mapped = RecommendedURLPolicy.reference(text)
            let direct = RecommendedURLPolicy.reference(expected)
            #expect(mapped == direct, "\(text.debugDescription)")
        }
    }

    static let jsonPieces = [",", " ", "\n", "]", "}", "[", "{", "\"", "\\", "1", "a", ":", "\t", "\r", "\u{0}"]

    @Test func prefilteredTrailingCommaEqualsTheFullScan() {
        var random = SeededGenerator(seed: 8259)
        var found = 0
        for _ in 0..<50000 {
            let bytes = Array(Self.randomText(Self.jsonPieces, upTo: 12, using: &random).utf8)
            let expected = bytes.prefix(4).contains(0) ? nil : AppInfo.scanForTrailingComma(bytes)
            #expect(AppInfo.trailingComma(in: bytes) == expected, "\(bytes)")
            if expected != nil { found += 1 }
        }
        #expect(found > 1000)
    }

    /// The offset read from Foundation's own messages, as `range(of:)` found it.
    @Test func characterOffsetReadsFoundationsMessages() {
        var random = SeededGenerator(seed: 1159)
        var withOffset = 0
        for _ in 0..<3000 {
            let bytes = Array(
                Self.randomText(Self.jsonPieces + ["tru", "nul", "-", "e", "0."], upTo: 10, using: &random).utf8)
            guard case .failure(let error) = Result(catching: { try JSONSerialization.jsonObject(with: Data(bytes)) })
            else { continue }
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            var expected: Int?
            if let range = text.range(of: "character ") {
                expected = Int(text[range.upperBound...].prefix(while: { $0.isASCII && $0.isNumber }))
            }
            #expect(AppInfo.characterOffset(in: text) == expected, "\(text)")
            if expected != nil { withOffset += 1 }
        }
        #expect(withOffset > 100)
    }
}
