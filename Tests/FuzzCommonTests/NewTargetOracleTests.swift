// Tests/FuzzCommonTests/NewTargetOracleTests.swift - The tagged-JSON, appInfo.json and adapter-output oracles

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import Icons
import Testing

@testable import AdapterOutputOracle
@testable import FuzzCommon

@Suite struct NewTargetOracleTests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors")

    static func files(_ area: String, suffix: String) throws -> [[UInt8]] {
        let root = vectors.appendingPathComponent(area)
        let paths = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(suffix) }.sorted().map {
            try [UInt8](Data(contentsOf: root.appendingPathComponent($0)))
        }
    }

    @Test func everyTaggedJSONOfThePlistVectorsPassesTheOracle() throws {
        let texts = try Self.files("plist", suffix: ".json")
        #expect(texts.count > 100)
        for text in texts { try TaggedJSONCheck.run(text) }
        try TaggedJSONCheck.run(Array(#"{"type":"integer","value":"x"}"#.utf8))
        try TaggedJSONCheck.run(Array("[".utf8))
    }

    /// The campaign of 2026-12-01 found 517 nested arrays accepted by the reader and encoded to a bplist
    /// the strict decoder refuses (depth 513 at the root's 513th array); the reader now stops at 512.
    @Test func nestingDeeperThanADecoderReadsIsRefusedOnTheWayIn() throws {
        for depth in [512, 513, 517] {
            try TaggedJSONCheck.run(
                Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        }
    }

    @Test func everyAppInfoOfTheIconVectorsPassesTheOracle() throws {
        let documents = try Self.files("icons", suffix: ".appinfo")
        #expect(documents.count > 20)
        for document in documents { try AppInfoParserCheck.run(document) }
    }

    /// FuzzAppInfoParser's finding in CI: a UTF-16BE input for which Foundation names a character of its own UTF-8
    /// copy (157, of 112 input bytes) that the parser gave as a byte offset of the input.
    @Test func aTranscodedInputsErrorHasNoOffsetOutsideIt() throws {
        let finding = [0x00, 0x22, 0x00] + [UInt8](repeating: 0xA7, count: 103) + [0x00] + Array(#""},,X"#.utf8)
        try AppInfoParserCheck.run(finding)
        let seed = try #require(
            FileManager.default.contents(
                atPath: Self.vectors.deletingLastPathComponent().path
                    + "/FuzzTesting/seed-corpus/FuzzAppInfoParser/b083bafbb45ba3b22a6f22b8715816bc29d66a1e"))
        #expect(Array(seed) == finding, "the finding is kept in the target's seed corpus, replayed by every run")
    }

    @Test func theFastReaderAgreesWithFoundationOnItsEdges() throws {
        let edges = [
            #"{"icons":[{"width":1,"height":2,"src":"a.png"},]}"#, #"{"icons":[1,2,],}"#,
            #"{"a":"\u00e9\ud83d\ude00"}"#,
            #"{"a":"\ud83d"}"#, #"{"a":"\x"}"#, #"[01]"#, #"{"icons":[{"width":18446744073709551616}]}"#,
            "{\"a\":\"\u{1}\"}", #"{"a":1e400}"#, "\u{FEFF}{}", #"{"icons":"#, #"[true,false,null,-0.5]"#,
        ]
        for edge in edges { try AppInfoParserCheck.checkAgainstFoundation(Array(edge.utf8)) }
    }

    /// `run` holds the default-limits parse to Foundation instead of parsing again with trailing commas
    /// allowed: that is the same answer for every input but the ones whose trailing comma it refuses.
    @Test func theParseHeldToFoundationIsTheOneWithTrailingCommasAllowed() throws {
        var inputs = try Self.files("icons", suffix: ".appinfo")
        inputs += [#"{"icons":[1,2,],}"#, #"{"icons":[{"width":1},]}"#, #"[1,]"#, #"{"a":1}"#, "[", ""].map {
            Array($0.utf8)
        }
        inputs.append([UInt8](repeating: 0x20, count: AppInfoLimits.default.maxBytes + 1))
        var refused = 0
        for input in inputs {
            let parsed = try AppInfoParserCheck.check(input, limits: .default)
            let relaxed = Result { () throws(AppInfoError) in
                try AppInfo.parse(input, limits: .default, acceptTrailingCommas: true)
            }
            if case .failure(let error) = parsed, error.detail == AppInfo.trailingCommaDetail {
                refused += 1
                #expect(relaxed != parsed)
            } else {
                #expect(relaxed == parsed, "\(String(decoding: input.prefix(80), as: UTF8.self))")
            }
        }
        #expect(refused >= 3)
    }

    @Test func tinyLimitsAreReachedByShortInputs() {
        let long = Array(#"{"icons":[1,2,3]}"#.utf8)
        let error = #expect(throws: AppInfoError.self) {
            try AppInfo.parse(long, limits: AppInfoParserCheck.tinyLimits)
        }
        #expect(error?.category == .limit, "three entries over a limit of two")
        #expect(throws: Never.self) { try AppInfoParserCheck.run(long) }
    }

    @Test func controlByteSelectsTerminationAndCase() {
        #expect(AdapterOutputCheck.termination(0x00, status: 9) == .exited(0))
        #expect(AdapterOutputCheck.termination(0x01, status: 9) == .exited(1))
        #expect(AdapterOutputCheck.termination(0x02, status: 9) == .exited(9))
        #expect(AdapterOutputCheck.termination(0x03, status: 9) == .signaled(9))
        #expect(AdapterOutputCheck.termination(0x06, status: 9) == .timedOut)
        #expect(AdapterOutputCheck.cases.count == 4)
        #expect(AdapterOutputCheck.cases.map(\.kind).contains(.encode))
    }

    @Test func judgeGradesHostileOutputWithoutFinding() throws {
        let json = Array(#"{"type":"bool","value":"true"}"#.utf8)
        for control: UInt8 in [0x00, 0x01, 0x02, 0x03, 0x06, 0x07, 0x08, 0x10, 0x18, 0x80] {
            try AdapterOutputCheck.run([control, 7, UInt8(json.count)] + json + [0x1B, 0xFF, 0x00])
            try AdapterOutputCheck.run([control, 0, 200] + [UInt8](repeating: 0x07, count: 300))
        }
        #expect(try AdapterOutputCheck.run([0, 0]) == false)
    }

    @Test func validDecodePassesOnlyOnExitZero() {
        let json = Array(#"{"type":"bool","value":"true"}"#.utf8)
        let testCase = AdapterOutputCheck.cases[0]
        let accepted = CallResult(termination: .exited(0), stdout: json, stderr: [])
        let rejected = CallResult(termination: .exited(1), stdout: json, stderr: [])
        let judge = Judge(workDirectory: "/nonexistent-fuzz-workdir")
        #expect(judge.run(testCase, on: AdapterOutputCheck.StubImplementation(result: accepted)).outcome == .pass)
        #expect(judge.run(testCase, on: AdapterOutputCheck.StubImplementation(result: rejected)).outcome != .pass)
    }

    /// FuzzAdapterOutput's first finding: a decode answered with `{"type":"str\u0000ing",…}` put the raw
    /// NUL of the tagged-JSON error ("unknown type …") into the report cell through the judge's note.
    @Test func noteQuotingTheAdaptersOutputIsEscaped() throws {
        let stdout = Array(#"{"type":"str\u0000ing","value":""}"#.utf8) + [0x0A]
        try AdapterOutputCheck.run([0x00, 0x00, UInt8(stdout.count)] + stdout)
    }

    /// The word-at-a-time control scan finds what a scan of every scalar finds, wherever the control sits.
    @Test func rawControlScanMatchesTheScalarScan() {
        func scalarScan(_ text: String) -> Bool {
            text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
        }
        let fillers = ["a", "é", "€", "😀", "\n", "\t", "\u{7F}", " "]
        for length in 0..<20 {
            for filler in fillers {
                let plain = String(repeating: filler, count: length)
                #expect(AdapterOutputCheck.containsRawControl(plain) == scalarScan(plain))
                for position in 0...length {
                    for control in [0x00, 0x01, 0x0D, 0x1B, 0x1F] {
                        var scalars = Array(plain.unicodeScalars)
                        scalars.insert(Unicode.Scalar(UInt8(control)), at: min(position, scalars.count))
                        var text = ""
                        text.unicodeScalars.append(contentsOf: scalars)
                        if AdapterOutputCheck.containsRawControl(text) != true || !scalarScan(text) {
                            Issue.record("control \(control) at \(position) of \(length) × \(filler) missed")
                        }
                    }
                }
            }
        }
    }
}
