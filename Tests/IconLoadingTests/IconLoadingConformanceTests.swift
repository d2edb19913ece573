// Tests/IconLoadingTests/IconLoadingConformanceTests.swift - The icon-loading cases through the one conformance
// pipeline (a session given IconLoadingConformance): xds as an adapter agrees with the in-process reference; a wrong
// loader is graded by its outcomes

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import IconLoadingArea
import TestSupport
import Testing

@Suite struct IconLoadingConformanceTests {
    static let script =
        BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py"

    static func run(_ implementations: [any Implementation], patterns: [String]) throws -> [[VectorResult]] {
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let session = ConformanceSession(
            vectors: try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors"),
            filter: CaseFilter(run: patterns), jobs: 2, workDirectory: work,
            iconLoading: IconLoadingConformance(serverScript: script))
        return session.run(implementations, knownFailures: { _ in KnownFailures() }).runs.map(\.results)
    }

    @Test func xdsLoadIconAsAnAdapterAgreesWithTheReference() throws {
        let xds = BuiltProducts.path(of: "xds")
        let limits = ProcessLimits(timeout: 30)
        let adapter = ProcessImplementation(
            info: ImplementationInfo(
                name: "xds", title: "xds", version: "test", kind: "adapter", command: xds,
                capabilities: try ProcessImplementation.probeCapabilities([xds], limits: limits).get()),
            command: [xds], limits: limits)
        let results = try Self.run(
            [ReferenceImplementation(version: "test"), adapter, OriginalBehaviour(version: "test")],
            patterns: [
                "icon-loading/valid/exact-sizes*", "icon-loading/valid/translucent-icon*",
                "icon-loading/invalid/image-redirect-to-http*",
            ])
        #expect(results.count == 3 && results[0].count == 9)
        for run in results {
            #expect(run.allSatisfy { $0.outcome == .pass }, "\(run.filter { $0.outcome != .pass }.map(\.actual))")
        }
        let valid = results[1].filter { $0.group == .valid }
        #expect(valid.allSatisfy { $0.picture != nil && $0.sourcePicture != nil })
        #expect(results[1].filter { $0.group == .invalid }.allSatisfy { $0.picture == nil })
    }

    @Test func outcomesNameWhatWentWrong() throws {
        // Answers "no icon" to everything, or an icon to everything (a 1x1 PNG, never a mask).
        let never = ClosureImplementation(capabilities: [.loadIcon]) { _ in .rejected("never") }
        let onePixel: [UInt8] = Array(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
            ) ?? Data())
        let always = ClosureImplementation(capabilities: [.loadIcon]) { _ in .accepted(onePixel) }
        let none = ClosureImplementation(capabilities: []) { _ in .rejected("unused") }
        let results = try Self.run(
            [never, always, none], patterns: ["icon-loading/valid/only-large-*", "icon-loading/invalid/image-404-*"])
        // Manifest order: invalid/image-404-scale-1…3, then valid/only-large-scale-1…3.
        #expect(
            results[0].map(\.outcome) == [
                .pass, .pass, .pass, .shouldHaveAccepted, .shouldHaveAccepted, .shouldHaveAccepted,
            ])
        // A 1x1 image where an icon is due is a wrong value (it also never fetched the icon);
        // an icon where none is due is should-have-rejected.
        #expect(
            results[1].map(\.outcome) == [
                .shouldHaveRejected, .shouldHaveRejected, .shouldHaveRejected, .wrongValue, .wrongValue, .wrongValue,
            ])
        #expect(results[2].allSatisfy { $0.outcome == .notApplicable })
    }
}
