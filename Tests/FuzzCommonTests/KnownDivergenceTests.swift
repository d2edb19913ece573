// Tests/FuzzCommonTests/KnownDivergenceTests.swift - Every known libplist divergence has a vector showing it

import Foundation
import FuzzCommon
import Testing

@Suite struct KnownDivergenceTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/plist/regressions")

    @Test(arguments: KnownDivergence.allCases)
    func divergenceHasAVectorThatShowsIt(divergence: KnownDivergence) throws {
        let file = Self.regressions.appendingPathComponent(divergence.vector + ".bplist")
        let bytes = try [UInt8](Data(contentsOf: file))
        let verdict = try PlistDifferentialCheck.compare(bytes)
        guard case .known(let divergences) = verdict else {
            Issue.record("\(divergence.vector): expected a known divergence, got \(verdict)")
            return
        }
        #expect(divergences.contains(divergence))
    }

    @Test func identicalReadingsAgree() throws {
        // bplist00, one object: the integer 1 (0x10 0x01); 1-byte offsets and refs.
        let bytes: [UInt8] =
            Array("bplist00".utf8) + [0x10, 0x01, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        #expect(try PlistDifferentialCheck.compare(bytes) == .agree)
    }

    @Test func exponentialSharingIsLeftToTheReference() throws {
        // 40 arrays, each referring twice to the next: 2^40 nodes for libplist 2.2.
        let bytes = OracleWorkScreenTests.arrays((0..<40).map { [$0 + 1, $0 + 1] })
        #expect(try PlistDifferentialCheck.compare(bytes) == .skipped(.expansion))
    }
}
