// Tests/ConformanceRunnerTests/EscapedTextTests.swift - Report text of raw bytes: pinned texts and the scalar-by-scalar model of the one rule

import ConformanceRunner
import Testing

@Suite struct EscapedTextTests {
    /// The one rule (`TerminalText`, Docs/guarantees.md) with line breaks kept, written scalar by scalar through the
    /// standard library's UTF-8 decoder: the model the one-pass rendering must match byte for byte.
    private func model(_ bytes: [UInt8], limit: Int = 2048) -> String {
        let shown = Array(bytes.prefix(limit))
        var text = ""
        var index = 0
        while index < shown.count {
            var decoder = UTF8()
            var iterator = shown[index...].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                let value = scalar.value
                if (value < 0x20 && scalar != "\n" && scalar != "\t") || value == 0x7F {
                    text += "\\x" + hex(UInt8(value))
                } else if scalar == "\\" {
                    text += "\\\\"
                } else if (0x80...0x9F).contains(value) || [0x61C, 0x200E, 0x200F].contains(value)
                    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                    || (0x10FE00...0x10FEFF).contains(value)
                {
                    let digits = String(value, radix: 16, uppercase: true)
                    text += "\\u{" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
                index += String(scalar).utf8.count
            } else {
                text += "\\x" + hex(shown[index])
                index += 1
            }
        }
        if bytes.count > limit { text += "… (\(bytes.count - limit) more bytes)" }
        return text
    }

    private func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }

    @Test func pinnedTexts() {
        #expect(escapedText(Array("plain\ttext\n".utf8)) == "plain\ttext\n")
        #expect(escapedText([0x61, 0x0D, 0x00, 0x1F, 0x7F]) == #"a\x0D\x00\x1F\x7F"#)
        #expect(escapedText(Array("é€😀".utf8)) == "é€😀")
        // A literal backslash is itself escaped, so an escape and the text it looks like differ.
        #expect(escapedText(Array(#"bad\x41"#.utf8) + [0x1B]) == #"bad\\x41\x1B"#)
        // C1 controls and bidirectional overrides as `\u{NNNN}`.
        #expect(escapedText([0xC2, 0x85, 0xE2, 0x80, 0xAE]) == #"\u{0085}\u{202E}"#)
        // An overlong form, a surrogate, a value past U+10FFFF and a lone continuation byte: one escape per byte.
        #expect(escapedText([0xC0, 0x80]) == #"\xC0\x80"#)
        #expect(escapedText([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(escapedText([0xF4, 0x90, 0x80, 0x80]) == #"\xF4\x90\x80\x80"#)
        #expect(escapedText([0x80, 0x41]) == #"\x80A"#)
        // A truncated sequence: its lead escaped, the next bytes read afresh.
        #expect(escapedText([0xE2, 0x82, 0x41]) == #"\xE2\x82A"#)
        // The limit cuts bytes, not characters, and says how many it left out.
        #expect(escapedText(Array("aé".utf8), limit: 2) == #"a\xC3… (1 more bytes)"#)
        #expect(escapedText(Array("abc".utf8), limit: 3) == "abc")
        #expect(escapedText([], limit: 0) == "")
        #expect(escapedText([0x41], limit: 0) == "… (1 more bytes)")
    }

    @Test func everyOneAndTwoByteInputMatchesTheModel() {
        for first in 0...255 {
            #expect(escapedText([UInt8(first)]) == model([UInt8(first)]))
            for second in 0...255 {
                let bytes = [UInt8(first), UInt8(second)]
                if escapedText(bytes) != model(bytes) { Issue.record("differs for \(bytes)") }
            }
        }
    }

    @Test func everyMultiByteLeadWithBoundaryContinuationsMatchesTheModel() {
        // Each continuation position takes the values at the edges of every lead's allowed range.
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF]
        for lead in UInt8(0xC0)...0xFF {
            for second in edges {
                for third in edges {
                    for fourth in edges {
                        let bytes = [lead, second, third, fourth]
                        if escapedText(bytes) != model(bytes) { Issue.record("differs for \(bytes)") }
                        for limit in 1...3 where escapedText(bytes, limit: limit) != model(bytes, limit: limit) {
                            Issue.record("differs for \(bytes) at limit \(limit)")
                        }
                    }
                }
            }
        }
    }

    @Test func randomInputsAndLimitsMatchTheModel() {
        var generator = SplitMix64(seed: 13)
        // Bytes drawn mostly from the UTF-8 structural values, so that valid and broken sequences both occur.
        let alphabet: [UInt8] = [
            0x00, 0x09, 0x0A, 0x0D, 0x20, 0x41, 0x7F, 0x80, 0xA0, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4,
        ]
        for _ in 0..<5000 {
            let count = Int(generator.next() % 40)
            let bytes = (0..<count).map { _ in
                generator.next() % 3 == 0
                    ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % 15)]
            }
            let limit = Int(generator.next() % 48)
            if escapedText(bytes, limit: limit) != model(bytes, limit: limit) {
                Issue.record("differs for \(bytes) at limit \(limit)")
            }
        }
    }
}

/// A small deterministic generator, so that a failure names an input that reproduces.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
