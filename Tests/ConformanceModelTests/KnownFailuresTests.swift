// Tests/ConformanceModelTests/KnownFailuresTests.swift - Lists that cannot rot: stale and unknown entries fail

import Testing

@testable import ConformanceModel

@Suite struct KnownFailuresTests {
    private func result(_ caseID: String, _ outcome: Outcome, level: VectorLevel = .required) -> VectorResult {
        let vectorID =
            String(caseID.split(separator: "@").first ?? "").split(separator: "#").first.map(String.init) ?? caseID
        return VectorResult(
            caseID: caseID, vectorID: vectorID, area: .plist, group: .valid, level: level, outcome: outcome,
            expected: "e", actual: "a\nb", diagnostics: "", exitStatus: 0, signal: nil, knownFailure: nil)
    }

    @Test func parsesIdsAndReasonsAndRejectsBadLines() throws {
        let list = try KnownFailures.parse(
            "# comment\n\nplist/valid/a # crashes on sets\n  icons/x@scale=2 #  quirk \n")
        #expect(list.order == ["plist/valid/a", "icons/x@scale=2"])
        #expect(list.reasons["icons/x@scale=2"] == "quirk")
        #expect(throws: KnownFailuresError(line: 1, message: "'plist/valid/a' has no ' # reason'")) {
            try KnownFailures.parse("plist/valid/a\n")
        }
        #expect(throws: KnownFailuresError(line: 2, message: "'plist/valid/a#encode' has no ' # reason'")) {
            try KnownFailures.parse("# a comment\nplist/valid/a#encode\n")
        }
        #expect(throws: KnownFailuresError(line: 1, message: "'plist/valid/a' has an empty reason")) {
            try KnownFailures.parse("plist/valid/a #   \n")
        }
        #expect(throws: KnownFailuresError(line: 2, message: "'a' is listed twice")) {
            try KnownFailures.parse("a # x\na # y\n")
        }
    }

    @Test func listedDeviationsAreForgivenUnlistedRequiredOnesFail() throws {
        var results = [
            result("plist/valid/a", .crash), result("plist/valid/b", .wrongValue),
            result("plist/valid/c", .wrongValue, level: .recommended), result("plist/valid/d", .pass),
        ]
        let list = try KnownFailures.parse("plist/valid/a # crashes\n")
        let check = list.apply(
            to: &results, knownIDs: ["plist/valid/a", "plist/valid/b", "plist/valid/c", "plist/valid/d"])
        #expect(results[0].knownFailure == "crashes")
        #expect(check.unexpected.map(\.caseID) == ["plist/valid/b"])
        #expect(check.stale.isEmpty && check.unknown.isEmpty)
        #expect(!check.isClean)
    }

    @Test func anUnlistedCrashFailsTheRunAtEveryLevel() throws {
        var results = [
            result("plist/invalid/a", .crash, level: .recommended),
            result("plist/invalid/b", .crash, level: .implementationDefined),
            result("plist/invalid/c", .shouldHaveRejected, level: .recommended),
        ]
        let check = KnownFailures().apply(
            to: &results, knownIDs: ["plist/invalid/a", "plist/invalid/b", "plist/invalid/c"])
        #expect(check.unexpected.map(\.caseID) == ["plist/invalid/a", "plist/invalid/b"])
    }

    @Test func renderedReasonsMaskAddressesSoRegeneratedListsAreStable() {
        var deviation = result("plist/invalid/key-uid", .shouldHaveRejected)
        deviation.actual = #"{"<_NSKeyedArchiverUID: 0x000055a522f471a0>":"v"} at 0xdeadbeefcafe, tag 0x1f"#
        let rendered = KnownFailures.render([deviation], implementation: "peer")
        #expect(rendered.contains(#"plist/invalid/key-uid # should-have-rejected: {"<_NSKeyedArchiverUID: 0x…>":"v"}"#))
        #expect(rendered.contains("at 0x…, tag 0x1f"))
        #expect(!rendered.contains("55a522f471a0"))
    }

    @Test func aListedCaseThatPassesIsStaleAndFailsTheRun() throws {
        var results = [result("plist/valid/a", .pass), result("plist/valid/b", .pass)]
        let list = try KnownFailures.parse("plist/valid/a # used to crash\n")
        let check = list.apply(to: &results, knownIDs: ["plist/valid/a", "plist/valid/b"])
        #expect(check.stale == ["plist/valid/a"])
        #expect(!check.isClean)
    }

    @Test func unknownIdsFailButFilteredOutOnesAreIgnored() throws {
        var results = [result("plist/valid/a", .pass)]
        let list = try KnownFailures.parse("plist/valid/gone # x\nplist/valid/skipped # y\n")
        let check = list.apply(to: &results, knownIDs: ["plist/valid/a", "plist/valid/skipped"])
        #expect(check.unknown == ["plist/valid/gone"])
        #expect(check.stale.isEmpty)
    }

    @Test func aVectorIdCoversItsCasesAndIsStaleOnlyWhenAllPass() throws {
        var results = [result("icons/v@scale=1", .pass), result("icons/v@scale=2", .wrongValue)]
        let list = try KnownFailures.parse("icons/v # quirk at scale 2\n")
        let check = list.apply(to: &results, knownIDs: ["icons/v"])
        #expect(check.isClean)
        #expect(results[1].knownFailure == "quirk at scale 2")
        #expect(results[0].knownFailure == nil)
    }

    @Test func writtenListsParseBackAndMakeTheRunClean() throws {
        let original = [
            result("plist/valid/a", .crash), result("plist/valid/b", .pass),
            result("plist/valid/c", .wrongValue, level: .recommended),
        ]
        let text = KnownFailures.render(original, implementation: "test")
        let list = try KnownFailures.parse(text)
        #expect(list.order == ["plist/valid/a", "plist/valid/c"])
        #expect(list.reasons["plist/valid/a"]?.hasPrefix("crash: ") == true)
        var results = original
        #expect(list.apply(to: &results, knownIDs: ["plist/valid/a", "plist/valid/b", "plist/valid/c"]).isClean)
    }
}
