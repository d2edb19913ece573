// Tests/ReportingTests/ReadmePictureTests.swift - README's reading of the results picture matches the committed run

import ConformanceModel
import Foundation
import Reporting
import Testing

/// README.md opens with `Reports/matrix.png` and a paragraph that reads it in numbers. `make matrix` regenerates
/// the picture; this test makes sure the paragraph is regenerated with it, by holding its counts against
/// the committed `Reports/conformance.json` laid out as the picture is.
@Suite struct ReadmePictureTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The first number in `text` after `prefix`, or nil.
    private func number(after prefix: String, in text: String) -> Int? {
        guard let range = text.range(of: prefix) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func theParagraphCountsAreThoseOfTheCommittedRun() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let bytes = try Data(contentsOf: Self.root.appendingPathComponent("Reports/conformance.json"))
        let report = try ConformanceJSON.decode(Array(bytes))
        let grid = ResultsPictureLayout.grid(report)
        let footer = try #require(grid.footer.first)
        let shown = try #require(Int(footer.prefix { $0.isNumber }))
        let allPass = try #require(number(after: "left out: ", in: footer))
        let agreeing = number(after: "passes, ", in: footer) ?? 0

        #expect(number(after: "Conformance results: ", in: readme) == report.runs.count, "implementations")
        #expect(number(after: "across, the ", in: readme) == shown, "cases drawn")
        #expect(number(after: "agree (", in: readme) == allPass, "all-pass cases left out")
        #expect(number(after: "passes and ", in: readme) == agreeing, "cases where all agree on another outcome")
    }

    /// The implementations of `make conformance` (the core built-ins); the rest of a `make matrix` run are the
    /// optional peers.
    private static let core: Set<String> = [
        "reference", "libplist", "foundation-serialization", "foundation-decoder", "plistlib", "original",
    ]

    /// The paragraph's per-implementation numbers: how many results of each implementation fall in a severity
    /// class (the scorecard's count), held against the committed run.
    @Test func thePerImplementationCountsAreThoseOfTheCommittedRun() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let bytes = try Data(contentsOf: Self.root.appendingPathComponent("Reports/conformance.json"))
        let report = try ConformanceJSON.decode(Array(bytes))
        func count(_ name: String, _ severity: Severity) -> Int? {
            report.runs.first { $0.implementation.name == name }.map { run in
                run.results.filter { $0.severity == severity }.count
            }
        }
        let reference = try #require(report.runs.first { $0.implementation.name == "reference" })
        #expect(readme.contains("the reference passes every case"))
        #expect(reference.results.allSatisfy { $0.severity == nil }, "the reference has a deviation")

        // The memory-safety class of crash, and the only implementations that show it.
        let memorySafety: [(prefix: String, name: String)] = [
            ("Foundation's two readers (", "foundation-serialization"),
            ("cases for the serialization reader, ", "foundation-decoder"),
            ("GNUstep (", "gnustep"),
            ("and libplist (", "libplist"),
        ]
        for (prefix, name) in memorySafety {
            #expect(number(after: prefix, in: readme) == count(name, .memorySafetyCrash), "\(name): memory-safety")
        }
        let crashing = Set(
            report.runs.filter { run in run.results.contains { $0.severity == .memorySafetyCrash } }
                .map(\.implementation.name))
        #expect(crashing == Set(memorySafety.map(\.name)), "the memory-safety crashes show only in those named")

        // Unsafe acceptances: plistlib and the peers as a range, libplist and Foundation's decoder by name.
        let peers = report.runs.map(\.implementation.name).filter { !Self.core.contains($0) }
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        let peerCount = try #require(words.firstIndex { readme.contains("plistlib and the \($0) optional peers") })
        #expect(peerCount == peers.count, "optional peers")
        let ranged = try (["plistlib"] + peers).map { try #require(count($0, .unsafeAcceptance)) }
        let low = try #require(number(after: "each accept ", in: readme))
        #expect(low == ranged.min(), "the fewest unsafe acceptances of plistlib and the peers")
        #expect(number(after: "each accept \(low) to ", in: readme) == ranged.max(), "the most")
        #expect(
            number(after: "resource-exhaustion groups; libplist ", in: readme) == count("libplist", .unsafeAcceptance))
        #expect(number(after: "Foundation's decoder ", in: readme) == count("foundation-decoder", .unsafeAcceptance))

        // Exception exits, the most common ☠.
        let exceptions: [(prefix: String, name: String)] = [
            ("caught exceptions, not signals (", "dd-plist"),
            ("for dd-plist, ", "cfpropertylist"),
            ("for CFPropertyList, ", "gnustep"),
        ]
        for (prefix, name) in exceptions {
            #expect(number(after: prefix, in: readme) == count(name, .exceptionExit), "\(name): exception exits")
        }
    }
}
