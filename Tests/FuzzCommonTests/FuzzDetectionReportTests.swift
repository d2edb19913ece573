// Tests/FuzzCommonTests/FuzzDetectionReportTests.swift - make fuzz-detection's patches, medians, verdicts and headline

import Foundation
import TestSupport
import Testing

@Suite struct FuzzDetectionReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let driver = root.appendingPathComponent("FuzzTesting/fuzz-detection.py").path
    static let fuzzReport = root.appendingPathComponent("FuzzTesting/fuzz-report.py").path

    /// Every seeded bug still applies to the sources: a patch that rots fails here, not in a night's run.
    @Test func everySeededBugAppliesToTheSources() throws {
        let result = try HostTool.run("python3", [Self.driver, "--check-patches"])
        #expect(result.status == 0, "\(result.stderrText)")
    }

    static func trial(_ cpu: Double?) -> String {
        cpu.map { "{\"found\": true, \"cpu\": \($0)}" } ?? "{\"found\": false, \"cpu\": 60}"
    }

    /// A report with one decoder bug whose runs are given as CPU seconds (nil: censored), summarised the way the
    /// driver summarises trials, then rendered by `--render`.
    static func render(corpus: [[Double?]], empty: [[Double?]], control: String = "[]") throws -> (String, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-detection-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let summarize = """
            import importlib.util, json, sys
            spec = importlib.util.spec_from_file_location("d", sys.argv[1])
            d = importlib.util.module_from_spec(spec); spec.loader.exec_module(d)
            runs = json.loads(sys.argv[2])
            targets = [{"target": "Target%d" % i, "corpus": d.summarize(c, 60), "empty": d.summarize(e, 600)}
                       for i, (c, e) in enumerate(zip(runs["corpus"], runs["empty"]))]
            print(json.dumps({"command": "make fuzz-detection", "date": "2026-12-06T00:00:00Z", "commit": "abc1234",
                "cores": 2, "load_average": ["1", "1", "1"], "manifest_version": 1,
                "settings": {"trials": 3, "empty_trials": 3, "corpus_cap": 60, "empty_cap": 600,
                             "modes": ["corpus", "empty"]},
                "bugs": [{"id": "01-bug", "area": "decoder", "origin": "fix history", "models": "m", "effect": "e",
                          "detection": "crash", "targets": targets}],
                "control": json.loads(runs["control"])}))
            """
        func list(_ runs: [[Double?]]) -> String {
            "[" + runs.map { "[" + $0.map(Self.trial).joined(separator: ",") + "]" }.joined(separator: ",") + "]"
        }
        let runs =
            "{\"corpus\": \(list(corpus)), \"empty\": \(list(empty)), \"control\": \(String(reflecting: control))}"
        let made = try HostTool.run("python3", ["-c", summarize, Self.driver, runs])
        #expect(made.status == 0, "\(made.stderrText)")
        let json = directory.appendingPathComponent("fuzz-detection.json")
        try made.stdoutText.write(to: json, atomically: true, encoding: .utf8)
        let markdown = directory.appendingPathComponent("fuzz-detection.md")
        let rendered = try HostTool.run("python3", [Self.driver, "--render", json.path, markdown.path])
        #expect(rendered.status == 0, "\(rendered.stderrText)")
        return (
            String(decoding: FileManager.default.contents(atPath: markdown.path) ?? Data(), as: UTF8.self), directory
        )
    }

    @Test func aCensoredTrialCountsAsInfiniteInTheMedian() throws {
        // Two of three found: the median is the slower finding. One of three: more than the cap.
        let (markdown, directory) = try Self.render(
            corpus: [[2, nil, 8], [nil, 5, nil]], empty: [[100, 300, 200], [nil, nil, nil]])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(markdown.contains("| 01-bug | decoder | Target0 | 8.0 (2/3) | 200.0 (3/3) |"))
        #expect(markdown.contains("| 01-bug | decoder | Target1 | > 60 (1/3) | > 600 (0/3) |"))
        // One target within the goal is enough for the bug.
        #expect(markdown.contains("| 01-bug | decoder | fix history | yes | yes | Target0 |"))
        #expect(markdown.contains("**1 of 1 seeded decoder bugs found from the committed corpus within 60 CPU s"))
    }

    @Test func aBugNoTargetFindsIsNotFound() throws {
        let (markdown, directory) = try Self.render(
            corpus: [[nil, nil, 30]], empty: [[nil, 500, nil]],
            control:
                "[{\"target\": \"Target0\", \"mode\": \"corpus\", \"trials\": 3, \"cap\": 60, \"findings\": [\"seed 2: x\"]}]"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(markdown.contains("| 01-bug | decoder | fix history | **no** | **no** | – |"))
        #expect(markdown.contains("0 of 1 seeded decoder bugs found"))
        #expect(markdown.contains("unpatched build: 1 findings"))
    }

    /// fuzz.md's headline is rewritten from fuzz-detection.json; the campaign's part stays as it was.
    @Test func theFuzzReportHeadlineIsDetection() throws {
        let (_, directory) = try Self.render(corpus: [[1, 2, 3]], empty: [[nil, nil, nil]])
        defer { try? FileManager.default.removeItem(at: directory) }
        let fuzz = directory.appendingPathComponent("fuzz.md")
        try "# Fuzzing report\n\nGenerated by x.\n\n| target | execs/CPU-s |\n".write(
            to: fuzz, atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let result = try HostTool.run("python3", [Self.fuzzReport, "--detection-only", directory.path])
            #expect(result.status == 0, "\(result.stderrText)")
        }
        let text = String(decoding: FileManager.default.contents(atPath: fuzz.path) ?? Data(), as: UTF8.self)
        #expect(
            text.contains("**Detection: 1 of 1 seeded decoder bugs found from the committed corpus within 60 CPU s"))
        #expect(text.contains("from an empty corpus, not met"))
        // Rewritten in place, not added twice; the rest kept.
        #expect(text.components(separatedBy: "**Detection:").count == 2)
        #expect(text.hasSuffix("| target | execs/CPU-s |\n"))
    }
}
