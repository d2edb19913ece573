// Tests/FuzzCommonTests/OracleWorkScreenTests.swift - The libplist pre-screen: expansion, cycles, depth

import Foundation
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

    /// A root array of `uses` references to one ASCII string of `length` bytes (2-byte refs and offsets).
    static func sharedString(length: Int, uses: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8) + [0xAF, 0x11, UInt8(uses >> 8), UInt8(uses & 0xFF)]
        for _ in 0..<uses { bytes += [0, 1] }
        let string = bytes.count
        bytes += [0x5F, 0x11, UInt8(length >> 8), UInt8(length & 0xFF)] + [UInt8](repeating: 0x61, count: length)
        let table = bytes.count
        bytes += [0, 8, UInt8(string >> 8), UInt8(string & 0xFF)]
        bytes += [0, 0, 0, 0, 0, 0, 2, 2] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        return bytes
    }

    @Test func payloadCopiedPerUseBeyondTheBoundIsSkipped() {
        // 300 uses of 4,000 bytes: 1.2 MB that libplist would copy, from 4.6 KB.
        #expect(OracleWorkScreen().skipReason(Self.sharedString(length: 4000, uses: 300)) == .payload)
        #expect(OracleWorkScreen().skipReason(Self.sharedString(length: 4000, uses: 200)) == nil)
        // A count past the end is libplist's to reject: it copies nothing, so it runs.
        var truncated = Self.sharedString(length: 4000, uses: 300)
        truncated[8 + 4 + 600 + 2] = 0xFF
        #expect(OracleWorkScreen().skipReason(truncated) == nil)
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

    @Test func utf16KeyWithNULIsSkippedBecauseLibplistAborts() throws {
        let file = RegressionReplayTests.root.appendingPathComponent(
            "Vectors/plist/regressions/libplist-assert-nul-in-utf16-key.bplist")
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(OracleWorkScreen().skipReason(bytes) == .nulInUTF16Key)
        // The same NUL in a value is fine: libplist keeps it (oracle-utf16-string-keeps-nul).
        let value = RegressionReplayTests.root.appendingPathComponent(
            "Vectors/plist/regressions/oracle-utf16-string-keeps-nul.bplist")
        #expect(OracleWorkScreen().skipReason(try [UInt8](Data(contentsOf: value))) == nil)
    }
}
