// Tests/BuiltInPeersTests/BuiltInPeersTests.swift - The built-in peers speak the protocol on real bytes

import BuiltInPeers
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct BuiltInPeersTests {
    private let locations = BuiltInLocations(
        xds: builtProduct("xds"), foundationAdapter: builtProduct("xds-adapter-foundation"), python: "python3",
        plistlibAdapter: repositoryRoot + "/Sources/Adapters/plistlib/xds_adapter_plistlib.py")

    private func results(_ builtIn: BuiltIn) throws -> [String: Outcome] {
        let set = try SyntheticVectors.realBytes()
        defer { set.remove() }
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let implementation = try builtIn.make(locations, limits: ProcessLimits(timeout: 30), referenceVersion: "test")
            .get()
        let cases = ConformanceCase.all(try set.load().vectors)
        let run = Runner(judge: Judge(workDirectory: work), jobs: 2).run(cases, on: [implementation])[0]
        return Dictionary(uniqueKeysWithValues: run.results.map { ($0.caseID, $0.outcome) })
    }

    @Test(arguments: [BuiltIn.libplist, .foundationSerialization, .foundationDecoder, .plistlib])
    func decodesRealBytesAndRejectsTruncatedOnes(_ builtIn: BuiltIn) throws {
        let outcomes = try results(builtIn)
        #expect(outcomes["plist/valid/integer"] == .pass)
        #expect(outcomes["plist/valid/dictionary"] == .pass)
        #expect(outcomes["plist/invalid/truncated"] == .pass)
        // None of these peers has the icon call.
        #expect(outcomes["icons/valid/pair@scale=1"] == .notApplicable)
    }

    @Test func plistlibReadsAndWritesTheAttributeThroughRealXattrs() throws {
        let outcomes = try results(.plistlib)
        #expect(outcomes["attribute/valid/complete"] == .pass)
        #expect(outcomes["attribute/valid/complete#write"] == .pass)
        #expect(outcomes["attribute/invalid/root-array"] == .pass)
        #expect(outcomes["plist/valid/dictionary#encode"] == .pass)
    }

    @Test func theOriginalColumnHasOnlyIconsAndPassesPlainSelection() throws {
        let outcomes = try results(.original)
        #expect(outcomes["plist/valid/integer"] == .notApplicable)
        #expect(outcomes["icons/valid/pair@scale=2"] == .pass)
        #expect(outcomes["icons/valid/pair@scale=3"] == .pass)
    }
}
