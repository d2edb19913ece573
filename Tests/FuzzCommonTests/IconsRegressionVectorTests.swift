// Tests/FuzzCommonTests/IconsRegressionVectorTests.swift - The icon fuzz finding is a vector, seeded and reported

import ConformanceModel
import Foundation
import FuzzCommon
import TestSupport
import Testing

/// FuzzIconSelection's finding of 2026-12-01 (IconOracleParseTests.utf32TextIsNotJudgedByItsBytes) kept as
/// `Vectors/icons/regressions/`: listed with its verdicts, in the icon targets' seed corpora, in the fuzz report.
@Suite struct IconsRegressionVectorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let id = "icons/regressions/oracle-utf32-text-not-a-trailing-comma"
    static let input = id + ".appinfo"
    /// The campaign's option byte: 06 (scale 3, recommended). The body is the vector's file, the one copy of its bytes.
    static let option: UInt8 = 0x06

    /// The finding's appInfo.json body: `Vectors/icons/regressions/oracle-utf32-text-not-a-trailing-comma.appinfo`.
    static func body() throws -> [UInt8] {
        try [UInt8](Data(contentsOf: root.appendingPathComponent("Vectors/" + input)))
    }

    /// The campaign's input: the option byte, then the body.
    static func finding() throws -> [UInt8] { [option] + (try body()) }

    static func entry() throws -> VectorMetadata {
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: root.appendingPathComponent("Vectors/manifest.json")))
        return try #require(manifest.vectors.first { $0.id == id }, "\(id) is not in Vectors/manifest.json")
    }

    @Test func theFindingIsAnIconsRegressionWithOutcomesForEveryProfileAndScale() throws {
        let entry = try Self.entry()
        #expect(entry.area == .icons && entry.group == .regressions && entry.input == Self.input)
        #expect(entry.tags.contains(.fuzz))
        #expect(!entry.description.isEmpty && !entry.description.contains("\n"), "one line saying what it caught")
        let body = try Self.body()
        // The finding's body, option byte stripped: UTF-32LE text Foundation reads as `[]`, then a partial unit.
        #expect(body.count % 4 != 0 && body.starts(with: [0x5b, 0, 0, 0]))
        #expect((try JSONSerialization.jsonObject(with: Data(body)) as? [Any])?.isEmpty == true)
        let expectedPath = try #require(entry.expected)
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.root.appendingPathComponent("Vectors/" + expectedPath))) as? [String: Any])
        for profile in ["legacy", "recommended"] {
            let outcomes = try #require(expected[profile] as? [String: Any], "\(profile)")
            #expect(Set(outcomes.keys) == ["1", "2", "3"], "\(profile)")
        }
    }

    /// fuzz_seeds (FuzzTesting/targets.sh) as a campaign runs it, vector inputs only.
    static func seeds(_ target: String) throws -> [String: [UInt8]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try HostTool.run(
            "bash",
            [
                "-c", "FUZZ_ROOT=$1 && . \"$1/FuzzTesting/targets.sh\" && fuzz_seeds \"$2\" \"$3\" vectors-only", "-",
                root.path, target, directory.path,
            ])
        #expect(result.status == 0, "\(result.stderrText)")
        var seeds: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            seeds[name] = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        }
        return seeds
    }

    @Test func everyIconTargetIsSeededWithIt() throws {
        let name = "oracle-utf32-text-not-a-trailing-comma"
        let body = try Self.body()
        let selection = try Self.seeds("FuzzIconSelection")
        // Every scale with every profile, the campaign's own input (06) among them.
        for option: UInt8 in [0x00, 0x01, 0x02, 0x04, 0x05, 0x06] {
            #expect(selection[name + "-" + String(format: "%02x", option)] == [option] + body, "option \(option)")
        }
        #expect(selection[name + "-06"] == (try Self.finding()))
        #expect(try Self.seeds("FuzzAppInfoParser")[name + ".appinfo"] == body)
        #expect(try Self.seeds("FuzzIconImage")["appinfo-" + name + "-05"] == [0x05] + body)
    }

    /// FuzzTesting/fuzz-report.py lists regression vectors from the manifest, icons included, with the description.
    @Test func theFuzzReportListsItWithItsExplanation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let artifacts = directory.appendingPathComponent("artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let reports = directory.appendingPathComponent("reports")
        let result = try HostTool.run(
            "bash",
            [
                "-c", "cd \"$1\" && python3 FuzzTesting/fuzz-report.py \"$2\" \"$3\"", "-", Self.root.path,
                artifacts.path, reports.path,
            ])
        #expect(result.status == 0, "\(result.stderrText)")
        let markdown = String(
            decoding: FileManager.default.contents(atPath: reports.appendingPathComponent("fuzz.md").path) ?? Data(),
            as: UTF8.self)
        let entry = try Self.entry()
        #expect(markdown.contains("- [\(Self.id)](../Vectors/\(Self.input)) — \(entry.description)\n"))
    }
}
