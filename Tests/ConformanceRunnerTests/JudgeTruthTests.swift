// Tests/ConformanceRunnerTests/JudgeTruthTests.swift - The judge grades the library's behaviour, by the vector's level

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct JudgeTruthTests {
    private func run(_ implementation: any Implementation, _ set: SyntheticVectors) throws -> [String: VectorResult] {
        let vectors = try set.load()
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let runs = Runner(judge: Judge(workDirectory: work), jobs: 1).run(
            ConformanceCase.all(vectors.vectors), on: [implementation])
        return Dictionary(uniqueKeysWithValues: runs[0].results.map { ($0.caseID, $0) })
    }

    private static let one = #"{"type":"integer","value":"1"}"#

    /// A regression vector at level `implementation-defined` (neither `expected` nor `error`, like
    /// `fan-out-26-levels`): either quick verdict is right.
    @Test func aRegressionAtImplementationDefinedLevelIsNeverShouldHaveRejected() throws {
        var metadata = SyntheticVectors.metadata(
            "plist/regressions/fan-out", .plist, .regressions, level: .implementationDefined, hasExpected: false)
        metadata.error = nil
        let set = try SyntheticVectors([(metadata, "x", nil)])
        defer { set.remove() }
        let accepting = ClosureImplementation(capabilities: [.decode]) { _ in .accepted(Array(Self.one.utf8)) }
        let accepted = try run(accepting, set)["plist/regressions/fan-out"]
        #expect(accepted?.outcome == .implementationDefinedAccepted)
        #expect(accepted?.expected == "implementation-defined: accept or reject")
        let rejecting = ClosureImplementation(capabilities: [.decode]) { _ in .rejected("limit") }
        #expect(try run(rejecting, set)["plist/regressions/fan-out"]?.outcome == .implementationDefinedRejected)
    }

    @Test func tooLargeIsAnAcceptanceWhoseValueIsNotCompared() throws {
        let set = try SyntheticVectors([
            (SyntheticVectors.metadata("plist/valid/big", .plist, .valid, hasExpected: true), "x", Self.one),
            (SyntheticVectors.metadata("plist/invalid/bad", .plist, .invalid, hasExpected: false), "x", nil),
        ])
        defer { set.remove() }
        let tooLarge = ClosureImplementation(capabilities: [.decode]) { _ in
            .accepted(Array(#"{"type":"too-large","value":"1000001"}"#.utf8))
        }
        let results = try run(tooLarge, set)
        #expect(results["plist/valid/big"]?.outcome == .pass)
        #expect(results["plist/valid/big"]?.actual.contains("too large to print") == true)
        #expect(results["plist/invalid/bad"]?.outcome == .shouldHaveRejected)
        // A malformed marker is not one: the output is then just not tagged JSON.
        let malformed = ClosureImplementation(capabilities: [.decode]) { _ in
            .accepted(Array(#"{"type":"too-large","value":"many"}"#.utf8))
        }
        #expect(try run(malformed, set)["plist/valid/big"]?.outcome == .wrongValue)
    }

    @Test func unrepresentableIsAnAcceptanceAndAWrongValueWhereAValueIsExpected() throws {
        let set = try SyntheticVectors([
            (SyntheticVectors.metadata("plist/valid/one", .plist, .valid, hasExpected: true), "x", Self.one),
            (
                SyntheticVectors.metadata(
                    "plist/invalid/key", .plist, .invalid, level: .recommended, hasExpected: false),
                "x", nil
            ),
        ])
        defer { set.remove() }
        let unrepresentable = ClosureImplementation(capabilities: [.decode]) { _ in
            .accepted(Array(#"{"type":"unrepresentable","value":"a dictionary key of type int (5)"}"#.utf8))
        }
        let results = try run(unrepresentable, set)
        #expect(results["plist/valid/one"]?.outcome == .wrongValue)
        #expect(results["plist/invalid/key"]?.outcome == .shouldHaveRejected)
    }

    @Test func verdictsMarkedAsRestingOnThePolicyAreCounted() throws {
        let set = try SyntheticVectors([
            (SyntheticVectors.metadata("plist/invalid/a", .plist, .invalid, hasExpected: false), "a", nil),
            (SyntheticVectors.metadata("plist/invalid/b", .plist, .invalid, hasExpected: false), "b", nil),
        ])
        defer { set.remove() }
        let implementation = ClosureImplementation(capabilities: [.decode]) { request in
            let marked = request.input == Array("a".utf8)
            return CallResult(
                termination: .exited(1), stdout: [],
                stderr: Array((marked ? "policy: undocumented-exception TypeError\nrejected: x\n" : "rejected\n").utf8))
        }
        let vectors = try set.load()
        let run = Runner(judge: Judge(workDirectory: NSTemporaryDirectory()), jobs: 1).run(
            ConformanceCase.all(vectors.vectors), on: [implementation])[0]
        #expect(run.results.map(\.restsOnPolicy) == [true, false])
        #expect(run.policyVerdictCount == 1)
    }

    @Test func aNonCanonicalEncodingIsItsOwnOutcomeNotAWrongValue() throws {
        // The vector's input is the canonical bytes; the adapter's output decodes to the same value in other bytes.
        let canonical: [UInt8] =
            Array("bplist00".utf8) + [0x11, 0x00, 0x01] + [0x08] + [UInt8](repeating: 0, count: 6)
            + [0x01, 0x01] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 11]
        let fine = BPlistBytes.integerOne
        let set = try SyntheticVectors(bytes: [
            (
                SyntheticVectors.metadata("plist/valid/one", .plist, .valid, hasExpected: true, tags: [.canonical]),
                fine, Self.one
            )
        ])
        defer { set.remove() }
        let other = ClosureImplementation(capabilities: [.decode, .encode]) { request in
            request.call == .encode ? .accepted(canonical) : .accepted(Array(Self.one.utf8))
        }
        let results = try run(other, set)
        // `#encode` asks for the value only; `#canonical` for the bytes, and other bytes are `non-canonical`.
        #expect(results["plist/valid/one#encode"]?.outcome == .pass)
        #expect(results["plist/valid/one#canonical"]?.outcome == .nonCanonical)
        #expect(Outcome.nonCanonical.isDeviation == false)
        #expect(Outcome.wrongValue < .nonCanonical && Outcome.nonCanonical < .implementationDefinedAccepted)
        let exact = ClosureImplementation(capabilities: [.encode]) { _ in .accepted(fine) }
        #expect(try run(exact, set)["plist/valid/one#encode"]?.outcome == .pass)
        #expect(try run(exact, set)["plist/valid/one#canonical"]?.outcome == .pass)
        let wrong = ClosureImplementation(capabilities: [.encode]) { _ in .accepted(BPlistBytes.integerTwo) }
        #expect(try run(wrong, set)["plist/valid/one#encode"]?.outcome == .wrongValue)
    }
}

/// Tiny bplist documents written out by hand.
enum BPlistBytes {
    /// `1` in the canonical layout: header, 0x10 0x01, offset table [8], trailer (offset size 1, ref size 1).
    static let integerOne: [UInt8] = document(object: [0x10, 0x01])
    static let integerTwo: [UInt8] = document(object: [0x10, 0x02])

    static func document(object: [UInt8]) -> [UInt8] {
        let tableOffset = UInt8(8 + object.count)
        return Array("bplist00".utf8) + object + [0x08] + [0, 0, 0, 0, 0, 0] + [1, 1] + [0, 0, 0, 0, 0, 0, 0, 1]
            + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, tableOffset]
    }
}
