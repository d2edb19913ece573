// Tests/FuzzCommonTests/WideCountOracleTests.swift - Counts wider than 16 bytes, alone and after the gap repair

import BinaryPlist
import Testing

@testable import FuzzCommon

@Suite struct WideCountOracleTests {
    /// "bplist00", an ASCII string whose long-form count is a `width`-byte integer ending in 3 and "abc",
    /// then the offset table and trailer (1-byte offsets and refs, one object).
    static func wideCountString(countMarker: UInt8) -> [UInt8] {
        let width = 1 << Int(countMarker & 0xF)
        var bytes = Array("bplist00".utf8) + [0x5F, countMarker]
        bytes += [UInt8](repeating: 0, count: width - 1) + [3] + Array("abc".utf8)
        let table = bytes.count
        bytes += [8]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        return bytes
    }

    @Test(arguments: [UInt8(0x15), 0x16])
    func countWiderThanSixteenBytesIsAWideCount(countMarker: UInt8) throws {
        // The reference takes no count int wider than 16 bytes (`marker`); libplist 2.2 reads its low 8 bytes.
        let verdict = try PlistDifferentialCheck.compare(Self.wideCountString(countMarker: countMarker))
        #expect(verdict == .known([.wideCountAccepted]))
    }

    @Test func wideCountBehindTheGapAndARelaxationIsExplained() throws {
        // The finding's shape: the trailer gap hides a 16-byte integer above 2^64-1 (a relaxation), which
        // hides a 32-byte count; all three are known divergences. Objects: 0 the array [1, 2] at 8, 1 the
        // integer 2^64 at 11, 2 the string "abc" with a 32-byte count at 28; one unused byte before the trailer.
        var bytes = Array("bplist00".utf8) + [0xA2, 1, 2]
        bytes += [0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        bytes += [0x5F, 0x15] + [UInt8](repeating: 0, count: 31) + [3] + Array("abc".utf8)
        let table = UInt8(bytes.count)
        bytes += [8, 11, 28] + [0]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, table]
        let verdict = try PlistDifferentialCheck.compare(bytes)
        guard case .known(let divergences) = verdict else {
            Issue.record("expected known divergences, got \(verdict)")
            return
        }
        #expect(divergences == [.gapBeforeTrailer, .sixteenByteIntegerAccepted, .wideCountAccepted])
    }

    @Test func wideIntegerObjectIsNoWideCount() {
        // The same marker error at a 32-byte integer *object* (0x15 placed by the offset table) is not the
        // wide-count divergence, even right after a byte whose low nibble is F (the string "?", 0x51 0x3F):
        // only a count after a placed object's 0xnF marker is. Objects: "?" at 8, the integer at 10.
        var bytes = Array("bplist00".utf8) + [0x51, 0x3F] + [0x15] + [UInt8](repeating: 0, count: 32)
        bytes += [8, 10] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, 43]
        let error = BPlistError(.integerWidth, at: 10, "a 32-byte integer")
        #expect(KnownDivergence.explaining(error, in: bytes) == nil)
        let count = BPlistError(.countInt, at: 9, "count must be an int object")
        #expect(KnownDivergence.explaining(count, in: Self.wideCountString(countMarker: 0x15)) == .wideCountAccepted)
    }
}
