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

    @Test func releaseBuildReplaysEveryRegression() throws {
        guard let bin = ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"] else {
            print("skipped: XDS_RELEASE_BIN is not set (make test sets it to the release build)")
            return
        }
        try #require(!Self.files.isEmpty, "no regression vectors found under \(Self.root.path)/Vectors")
        let result = try HostTool.run(bin + "/xds-fuzz-replay", Self.files)
        #expect(result.status == 0, "\(result.stderrText)")
    }

    @Test func areaIsTheVectorPathsGrandparent() {
        #expect(RegressionReplay.area(ofPath: "/x/Vectors/icons/regressions/a.appinfo") == "icons")
        #expect(RegressionReplay.area(ofPath: "a.bplist") == nil)
    }

    @Test func unknownAreaIsAFinding() {
        #expect(throws: FuzzFinding.self) { try RegressionReplay.replay([], area: "fs") }
    }
}
