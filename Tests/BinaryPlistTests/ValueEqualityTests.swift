// Tests/BinaryPlistTests/ValueEqualityTests.swift - PropertyListValue compares strings by their scalars

import BinaryPlist
import Testing

@Suite struct ValueEqualityTests {
    @Test func canonicallyEquivalentStringsDiffer() {
        // String == would call each pair equal; the value model keeps them apart, as bplist does.
        let pairs = [
            ("é", "e\u{301}"), ("K", "\u{212A}"), ("Å", "A\u{30A}"), ("\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}"),
        ]
        for (left, right) in pairs {
            #expect(left == right, "String == calls them equal")
            #expect(PropertyListValue.string(left) != .string(right), "\(left.unicodeScalars.map(\.value))")
            #expect(PropertyListValue.array([.string(left)]) != .array([.string(right)]))
        }
    }

    @Test func sameScalarsAreEqualAndHashEqual() {
        let built = String(decoding: Array("caf\u{E9} \u{1F600}".utf16), as: UTF16.self)
        let literal = "café 😀"
        let pairs: [(PropertyListValue, PropertyListValue)] = [
            (.string(built), .string(literal)),
            (.string(""), .string(String(decoding: [UInt8](), as: UTF8.self))),
            (.string(String(repeating: "x", count: 40)), .string(String(repeating: "x", count: 40))),
            (.dictionary(["k": .string(built)]), .dictionary(["k": .string(literal)])),
        ]
        for (left, right) in pairs {
            #expect(left == right)
            #expect(left.hashValue == right.hashValue)
        }
    }

    @Test func stringsDifferingAnywhereDiffer() {
        let base = String(repeating: "abcdefgh", count: 4)
        for position in base.indices {
            var changed = base
            changed.replaceSubrange(position...position, with: "Z")
            #expect(PropertyListValue.string(base) != .string(changed))
        }
        #expect(PropertyListValue.string(base) != .string(base + "a"))
        #expect(PropertyListValue.string("a") != .string("a\u{0}"))
        // Array elements split differently hash (and compare) differently.
        let split1: PropertyListValue = .array([.string("ab"), .string("c")])
        let split2: PropertyListValue = .array([.string("a"), .string("bc")])
        #expect(split1 != split2)
        #expect(split1.hashValue != split2.hashValue)
    }
}
