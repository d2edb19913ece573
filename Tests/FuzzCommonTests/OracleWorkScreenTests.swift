// Tests/FuzzCommonTests/OracleWorkScreenTests.swift - The libplist pre-screen: expansion, cycles, depth

import FuzzCommon
import Testing

@Suite struct OracleWorkScreenTests {
    /// A bplist00 whose objects are arrays; `refs[i]` lists object i's references (1-byte refs and offsets).
    /// An index equal to `refs.count` is an empty-string leaf appended at the end.
    static func arrays(_ refs: [[Int]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for children in refs {
            offsets.append(bytes.count)
            bytes.append(0xA0 | UInt8(children.count))
            bytes += children.map { UInt8($0) }
        }
        offsets.append(bytes.count)
        bytes.append(0x50)  // ASCII string of length 0
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsets.count)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return bytes
    }

    @Test func smallTreeRuns() {
        #expect(OracleWorkScreen().skipReason(Self.arrays([[1, 2], [2], []])) == nil)
    }

    @Test func sharedReferencesThatDoubleEachLevelAreSkipped() {
        // Object i refers to object i+1 twice: 30 objects materialise 2^30 nodes.
        let chain = (0..<30).map { [$0 + 1, $0 + 1] }
        #expect(OracleWorkScreen().skipReason(Self.arrays(chain)) == .expansion)
    }

    @Test func modestSharingRuns() {
        // Ten doublings: 2^11 nodes, under the default bound.
        let chain = (0..<10).map { [$0 + 1, $0 + 1] }
        #expect(OracleWorkScreen().skipReason(Self.arrays(chain)) == nil)
    }

    @Test func cycleIsSkipped() {
        #expect(OracleWorkScreen().skipReason(Self.arrays([[1], [0]])) == .cycle)
    }

    @Test func nestingBeyondTheBoundIsSkipped() {
        var screen = OracleWorkScreen()
        screen.maximumDepth = 8
        let chain = (0..<10).map { [$0 + 1] }
        #expect(screen.skipReason(Self.arrays(chain)) == .depth)
    }

    @Test func depthReachedAgainThroughASharedObjectIsSeen() {
        // 0 → [2, 1], 1 → [2], 2 → 3 → … → 7 → leaf: 2 is first met at depth 2 (leaf at 8),
        // then again at depth 3 through 1 (leaf at 9).
        let refs = [[2, 1], [2]] + (2..<8).map { [$0 + 1] }
        var screen = OracleWorkScreen()
        screen.maximumDepth = 9
        #expect(screen.skipReason(Self.arrays(refs)) == nil)
        screen.maximumDepth = 8
        #expect(screen.skipReason(Self.arrays(refs)) == .depth)
    }

    @Test func malformedTrailerRunsBecauseLibplistRejectsItQuickly() {
        #expect(OracleWorkScreen().skipReason(Array("bplist00".utf8)) == nil)
    }
}
