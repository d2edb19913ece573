// Tests/FuzzCommonTests/AmplificationBoundTests.swift - The round-trip oracle's work stays proportional to its input

import BinaryPlist
import Foundation
import Testing

@testable import FuzzCommon

@Suite struct AmplificationBoundTests {
    /// An array holding the next level twice, `levels` deep, ending in `true`: 2^levels leaves.
    static func fanOut(_ levels: Int) -> PropertyListValue {
        var value = PropertyListValue.bool(true)
        for _ in 0..<levels { value = .array([value, value]) }
        return value
    }

    /// A 147-byte chain of doubly shared arrays the structure-aware mutator made (a seed of FuzzPlistRoundTrip).
    static let chain147 =
        "YnBsaXN0MDCiAQGiAgKiAwOiBASiBQWiBgaiBweiCAiiCQmiCgqiCwuiDAyiDQ2iDg6iDw+iEBCiERGiEhKiExOCFBSiFRWiFhaiFxei"
        + "GBiiGRmiGhoQAQgLDhEUFxodICMmKSwvMjU4Oz5BREdKTVBTVgAAAAAAAAEBAAAAAAAAABsAAAAAAAAAAAAAAAAAAABY"

    @Test func anUnsharedValueIsCheckedWhole() {
        let value = PropertyListValue.dictionary([
            "a": .array([.integer(1), .string("x"), .set([.null])]), "b": .data([1, 2, 3]),
        ])
        let bounded = AmplificationBound.bounded(value, to: AmplificationBound.values(forInputOf: 60))
        #expect(!bounded.cut)
        #expect(bounded.value == value)
    }

    @Test func everyValueOfAnUnsharedEncodingFitsItsBound() {
        // Every reference costs a byte, so an encoding without shared containers never needs a cut.
        let value = PropertyListValue.array((0..<500).map { .array([.integer(Int64($0)), .string("s\($0)")]) })
        let bytes = BPlistEncoder.encode(value)
        #expect(!AmplificationBound.bounded(value, to: AmplificationBound.values(forInputOf: bytes.count)).cut)
    }

    @Test func aFanOutIsCutToTheDeepestLevelThatFits() {
        let bound = 100
        let bounded = AmplificationBound.bounded(Self.fanOut(20), to: bound)
        #expect(bounded.cut)
        // Levels 0...5 of a doubling tree hold 63 values; one level more would hold 127.
        #expect(AmplificationBound.expandedCount(bounded.value, cap: .max, depthLimit: .max) == 63)
        var deepest = bounded.value
        for _ in 0..<5 {
            guard case .array(let elements) = deepest, elements.count == 2 else {
                Issue.record("level holds \(deepest)")
                return
            }
            deepest = elements[0]
        }
        #expect(deepest == .array([]))
    }

    /// A decode that reused no reference needs no count: its tree fits (and is left whole); one
    /// that reused a reference is counted.
    @Test func anUnsharedDecodeFitsUncounted() throws {
        let unshared = PropertyListValue.array((0..<300).map { .array([.integer(Int64($0)), .string("s\($0)")]) })
        let bytes = BPlistEncoder.encode(unshared)
        var statistics = DecodingStatistics()
        let decoded = try BPlistDecoder.decode(bytes, rules: .strict, statistics: &statistics)
        #expect(AmplificationBound.fitsUncounted(statistics, inputOf: bytes.count))
        let bound = AmplificationBound.values(forInputOf: bytes.count)
        #expect(AmplificationBound.expandedCount(decoded, cap: .max, depthLimit: .max) <= bound)
        #expect(!AmplificationBound.bounded(decoded, to: bound).cut)
        // The 147-byte chain shares every level: counted, and cut.
        let chain = [UInt8](try #require(Data(base64Encoded: Self.chain147)))
        var shared = DecodingStatistics()
        _ = try BPlistDecoder.decode(chain, rules: .strict, statistics: &shared)
        #expect(!AmplificationBound.fitsUncounted(shared, inputOf: chain.count))
        // Equal scalars are shared by the canonical encoder: counted, though nothing is cut.
        let scalars = BPlistEncoder.encode(.array([.integer(7), .integer(7)]))
        var reused = DecodingStatistics()
        _ = try BPlistDecoder.decode(scalars, rules: .strict, statistics: &reused)
        #expect(!AmplificationBound.fitsUncounted(reused, inputOf: scalars.count))
    }

    /// The canonical-bytes judge of the round trip (one memcmp) tells any difference in length or content.
    @Test func sameBytesTellsEveryDifference() {
        #expect(PlistRoundTripCheck.sameBytes([], []))
        #expect(PlistRoundTripCheck.sameBytes([1, 2, 3], [1, 2, 3]))
        #expect(!PlistRoundTripCheck.sameBytes([1, 2, 3], [1, 2]))
        #expect(!PlistRoundTripCheck.sameBytes([], [0]))
        for index in 0..<3 {
            var changed: [UInt8] = [1, 2, 3]
            changed[index] ^= 0x80
            #expect(!PlistRoundTripCheck.sameBytes([1, 2, 3], changed), "byte \(index)")
        }
    }

    /// The level-by-level search finds the limit that counting every limit's cut finds.
    @Test func theLevelCountFindsTheLimitTheCutCountsGive() {
        let mixed = PropertyListValue.dictionary([
            "a": Self.fanOut(6), "b": .array([.set([Self.fanOut(3), .null]), .dictionary(["c": Self.fanOut(8)])]),
            "d": .string("x"),
        ])
        let values = (0..<10).map { Self.fanOut($0) } + [mixed, .array([mixed, mixed]), .null, .dictionary([:])]
        for (index, value) in values.enumerated() {
            for bound in [0, 1, 2, 3, 4, 5, 6, 10, 63, 64, 100, 300, 1_000, 5_000] {
                var expected: Int?
                if AmplificationBound.expandedCount(value, cap: .max, depthLimit: .max) > bound {
                    expected =
                        (0...20).last { AmplificationBound.expandedCount(value, cap: .max, depthLimit: $0) <= bound }
                        ?? 0
                }
                #expect(
                    AmplificationBound.deepestFittingLimit(value, bound: bound) == expected,
                    "value \(index), bound \(bound)")
            }
        }
    }

    @Test func dictionaryKeysCountAsValues() {
        let value = PropertyListValue.dictionary(["a": .bool(true), "b": .bool(false)])
        #expect(AmplificationBound.expandedCount(value, cap: .max, depthLimit: .max) == 5)
        #expect(AmplificationBound.expandedCount(value, cap: .max, depthLimit: 0) == 1)
        #expect(AmplificationBound.cut(value, depthLimit: 0) == .dictionary([:]))
    }

    @Test func theRoundTripOracleAcceptsTheFanOutRegressionAndItsCut() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bytes = try [UInt8](
            Data(contentsOf: root.appendingPathComponent("Vectors/plist/regressions/fan-out-26-levels.bplist")))
        try PlistRoundTripCheck.check(bytes, rules: .strict)
        // Inside the decoder's expansion bound, so the oracle round-trips it cut (1.7 CPU s whole, under ASan).
        let chain = try #require(Data(base64Encoded: Self.chain147))
        #expect(chain.count == 147)
        let decoded = try BPlistDecoder.decode([UInt8](chain))
        #expect(AmplificationBound.expandedCount(decoded, cap: .max, depthLimit: .max) > 1 << 18)
        #expect(AmplificationBound.bounded(decoded, to: AmplificationBound.values(forInputOf: 147)).cut)
        try PlistRoundTripCheck.check([UInt8](chain), rules: .strict)
    }
}
