// Tests/FuzzCommonTests/RegressionReplayTests.swift - Every fuzz finding kept in Vectors/ replays clean

import Foundation
import FuzzCommon
import TestSupport
import Testing

@Suite struct RegressionReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every input under Vectors/<area>/regressions/ (expected-result `.json` files excluded).
    static let files: [String] = {
        var found: [String] = []
        for area in RegressionReplay.areas {
            let folder = root.appendingPathComponent("Vectors/\(area)/regressions")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            found += names.filter { !$0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                .map { folder.appendingPathComponent($0).path }
        }
        return found
    }()

    @Test(arguments: files)
    func regressionReplaysWithoutFinding(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let area = try #require(RegressionReplay.area(ofPath: path))
        #expect(throws: Never.self) { try RegressionReplay.replay(bytes, area: area) }
    }

    static let releaseBin = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"]
    /// Under CI (`CI` set) the release replay must run: a missing XDS_RELEASE_BIN fails instead of skipping.
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } == true

    @Test(
        .enabled(if: releaseBin != nil || isCI, "set XDS_RELEASE_BIN to the release build directory (make test does)"))
    func releaseBuildReplaysEveryRegression() throws {
        let bin = try #require(Self.releaseBin, "CI is set but XDS_RELEASE_BIN is not: the release replay cannot run")
        try #require(!Self.files.isEmpty, "no regression vectors found under \(Self.root.path)/Vectors")
        let result = try HostTool.run(bin + "/xds-fuzz-replay", Self.files)
        #expect(result.status == 0, "\(result.stderrText)")
        // One `ok FILE` line (plist: `ok FILE (libplist: …)`) per regression of every area.
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        for file in Self.files {
            #expect(lines.contains { $0 == "ok " + file || $0.hasPrefix("ok " + file + " (") }, "\(file)")
        }
    }

    /// A `regressions` group in an area the replay does not know would be left out of the list above.
    @Test func everyAreaWithRegressionsIsReplayed() throws {
        let vectors = Self.root.appendingPathComponent("Vectors")
        let areas = try FileManager.default.contentsOfDirectory(atPath: vectors.path).filter {
            FileManager.default.fileExists(atPath: vectors.appendingPathComponent("\($0)/regressions").path)
        }
        #expect(Set(areas).contains("icons"), "icons/regressions holds the FuzzIconSelection finding")
        #expect(Set(areas).isSubset(of: Set(RegressionReplay.areas)), "\(areas)")
    }

    /// The FuzzIconSelection finding (IconsRegressionVectorTests) is among the replayed files.
    @Test func theIconFindingIsReplayed() {
        #expect(Self.files.contains { $0.hasSuffix("/Vectors/" + IconsRegressionVectorTests.input) })
    }

    @Test func areaIsTheVectorPathsGrandparent() {
        #expect(RegressionReplay.area(ofPath: "/x/Vectors/icons/regressions/a.appinfo") == "icons")
        #expect(RegressionReplay.area(ofPath: "a.bplist") == nil)
    }

    @Test func unknownAreaIsAFinding() {
        #expect(throws: FuzzFinding("RegressionReplay", "regressions live in a known area", "area fs")) {
            try RegressionReplay.replay([], area: "fs")
        }
    }
}
