// Tests/FuzzCommonTests/RoundTripNestingTests.swift - The round-trip oracle counts the depth bound itself

import BinaryPlist
import Testing

@testable import FuzzCommon

@Suite struct RoundTripNestingTests {
    /// `levels` arrays, each holding the next; the innermost empty.
    static func nested(_ levels: Int) -> PropertyListValue {
        var value = PropertyListValue.array([])
        for _ in 1..<levels { value = .array([value]) }
        return value
    }

    @Test func scalarsAndContainersCountTheirLevels() {
        #expect(PlistRoundTripCheck.nesting(.integer(1), limit: 8) == 0)
        #expect(PlistRoundTripCheck.nesting(.array([]), limit: 8) == 1)
        #expect(PlistRoundTripCheck.nesting(.dictionary(["a": .set([.array([])])]), limit: 8) == 3)
        #expect(PlistRoundTripCheck.nesting(Self.nested(5), limit: 8) == 5)
        // The deepest element decides, wherever it is.
        #expect(PlistRoundTripCheck.nesting(.array([.string("x"), .array([.array([])]), .array([])]), limit: 8) == 3)
    }

    @Test func countingStopsJustPastTheLimit() {
        // Beyond the limit the answer only has to exceed it: the walk stops there.
        #expect(PlistRoundTripCheck.nesting(Self.nested(600), limit: 4) == 5)
        #expect(PlistRoundTripCheck.nesting(Self.nested(4), limit: 4) == 4)
        #expect(PlistRoundTripCheck.nesting(.array([]), limit: 0) == 1)
    }

    /// The decoder's own bound and the oracle's agree: a document exactly at the maximum depth passes, one level
    /// more is rejected by the decoder (seeded bug 04 removes that rejection, and then the oracle reports it).
    @Test func aDocumentAtTheMaximumDepthPasses() throws {
        let document = BPlistEncoder.encode(Self.nested(4))
        var rules = DecodingRules.strict
        rules.maximumDepth = 4
        try PlistRoundTripCheck.check(document, rules: rules)
        rules.maximumDepth = 3
        let error = #expect(throws: BPlistError.self) { try BPlistDecoder.decode(document, rules: rules) }
        #expect(error?.category == .depth)
        try PlistRoundTripCheck.check(document, rules: rules)
    }
}
