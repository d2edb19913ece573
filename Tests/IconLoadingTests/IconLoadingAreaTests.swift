// Tests/IconLoadingTests/IconLoadingAreaTests.swift - The icon-loading area: the reference passes, broken loaders fail

import AttributeFiles
import ConformanceModel
import Foundation
import IconImages
import IconLoading
import IconLoadingArea
import Icons
import Testing

/// Each test starts its own session (one server for all its cases) and removes its folder. The vectors are the
/// committed ones, read from `Vectors/` as the runner reads them.
@Suite struct IconLoadingAreaTests {
    final class Session {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xds-area-\(UUID())")
        let session: IconLoadingSession

        init(vectors: [IconLoadingVector]? = nil) throws {
            session = try IconLoadingSession(
                vectors: try vectors ?? CommittedIconLoadingVectors.all(), serverScript: TestSite.fixtureServerScript,
                workDirectory: folder)
        }

        deinit {
            session.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    static func reference(profile: IconProfile) -> @Sendable (Int, String, String) -> LoadIconOutcome {
        { scale, url, caFile in
            var trace = LoadTrace()
            do {
                let icon = try IconLoader.load(
                    IconLoadRequest(
                        appInfoURL: url, scale: scale, profile: profile, caFile: BytePath(caFile), timeout: 10,
                        allowPrivateHosts: true),
                    trace: &trace)
                return LoadIconOutcome(exitStatus: 0, stdout: icon.png, summary: "exit 0")
            } catch {
                return LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1")
            }
        }
    }

    @Test func atLeastFortyVectorsAcrossScales() throws {
        let vectors = try CommittedIconLoadingVectors.all()
        #expect(vectors.count >= 40)
        #expect(Set(vectors.map(\.id)).count == vectors.count)
        #expect(Set(vectors.map(\.scale)) == [1, 2, 3])
        #expect(
            vectors.contains { $0.expectation.outcome == .icon } && vectors.contains { $0.expectation.outcome == .none }
        )
    }

    @Test func referenceRecommendedPassesEveryCase() throws {
        let owner = try Session()
        let session = owner.session
        defer { withExtendedLifetime(owner) {} }
        let results = session.run(label: "ref", perform: Self.reference(profile: .recommended))
        #expect(results.count == session.vectors.count)
        for result in results where result.verdict.kind != .pass {
            Issue.record("\(result.id): \(result.verdict.kind) \(result.verdict.reasons) requests \(result.requests)")
        }
    }

    @Test func originalLegacyPassesEveryCase() throws {
        // Legacy selection chooses the same icons here; App Transport Security is the https rule.
        let owner = try Session()
        let session = owner.session
        defer { withExtendedLifetime(owner) {} }
        for result in session.run(label: "orig", perform: Self.reference(profile: .legacy))
        where result.verdict.kind != .pass {
            Issue.record("\(result.id): \(result.verdict.kind) \(result.verdict.reasons)")
        }
    }

    @Test func anUnmaskedIconFails() throws {
        // Fetches correctly but returns the source image unmasked: every icon case fails on its properties.
        let owner = try Session()
        let session = owner.session
        defer { withExtendedLifetime(owner) {} }
        let results = session.run(label: "raw") { scale, url, caFile in
            var trace = LoadTrace()
            let request = IconLoadRequest(
                appInfoURL: url, scale: scale, caFile: BytePath(caFile), timeout: 10, allowPrivateHosts: true)
            guard (try? IconLoader.load(request, trace: &trace)) != nil, let chosen = trace.chosen,
                let response = try? HTTPSFetcher(policy: fixturePolicy(caFile)).fetch(
                    chosen.url)
            else { return LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1") }
            return LoadIconOutcome(exitStatus: 0, stdout: response.body, summary: "exit 0")
        }
        let iconCases = results.filter { $0.vector.expectation.outcome == .icon }
        #expect(!iconCases.isEmpty)
        #expect(iconCases.allSatisfy { $0.verdict.kind == .fail })
    }

    @Test func fetchingEveryIconOrFollowingHTTPFails() throws {
        let owner = try Session()
        let session = owner.session
        defer { withExtendedLifetime(owner) {} }
        let results = session.run(label: "greedy") { scale, url, caFile in
            // A careless loader: fetches every listed icon first (and http too), then loads normally.
            var trace = LoadTrace()
            let base = url.replacingOccurrences(of: "/appInfo.json", with: "/")
            for path in ["img/icon.png", "img/icon@2x.png", "img/icon@3x.png", "img/icon-1024.png"] {
                _ = try? HTTPSFetcher(policy: fixturePolicy(caFile)).fetch(base + path)
            }
            let request = IconLoadRequest(
                appInfoURL: url, scale: scale, caFile: BytePath(caFile), timeout: 10, allowPrivateHosts: true)
            guard let icon = try? IconLoader.load(request, trace: &trace) else {
                return LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1")
            }
            return LoadIconOutcome(exitStatus: 0, stdout: icon.png, summary: "exit 0")
        }
        let exact = results.filter { $0.id.hasPrefix("icon-loading/valid/exact-sizes-scale-") }
        #expect(exact.count == 3 && exact.allSatisfy { $0.verdict.kind == .fail })
        #expect(exact.allSatisfy { $0.verdict.reasons.contains { $0.contains("not the chosen icon") } })
    }

    /// A vector serving only literal text: it lists no file.
    static func textOnlyVector() throws -> IconLoadingVector {
        let site = #"{"scale": 1, "entry": "/appInfo.json", "routes": {"/appInfo.json": {"text": "{\"icons\": []}"}}}"#
        let expected = #"{"outcome": "none", "requests": {"allowed": ["/appInfo.json"], "mustFetch": []}}"#
        let id = "icon-loading/invalid/empty-icons-scale-1"
        let metadata = VectorMetadata(
            id: id, area: .iconLoading, group: .invalid, input: id + ".site.json", expected: id + ".json",
            description: "appInfo.json lists no icon", spec: "icons", level: .required, tags: [], since: "1",
            error: nil, made: "test")
        return try IconLoadingVector(
            Vector(metadata: metadata, input: Array(site.utf8), expected: Array(expected.utf8)))
    }

    @Test func aSetInWhichNoVectorListsAFileRuns() throws {
        // The session wrote its routes into a work directory that only writing a vector's file created.
        let owner = try Session(vectors: [Self.textOnlyVector()])
        defer { withExtendedLifetime(owner) {} }
        let results = owner.session.run(label: "text", perform: Self.reference(profile: .recommended))
        #expect(results.map(\.verdict.kind) == [.pass], "\(results.map(\.verdict.reasons))")
        #expect(results.first?.requests == ["https /appInfo.json"])
    }

    @Test func judgeRefusesAJPEGCPUBombPrintedAsTheIcon() {
        // A hostile adapter prints a progressive JPEG repeating one scan: the judge refuses it from its markers
        // (as a call would), it never decodes it.
        let bomb = TestImages.repeatedScanJPEG(width: 64, height: 48, scans: 5_000)
        let image = IconLoadingImageExpectation(
            source: "s.png", size: 58, cornerMaxAlpha: 0,
            centre: .init(x: 29, y: 29, rgba: [0, 0, 0, 255], tolerance: 0),
            strokeBand: .init(x: 1, y: 29, rgba: [0, 0, 0, 255], tolerance: 0),
            inside: .init(x0: 5, y0: 5, x1: 50, y1: 50, tolerance: 0))
        let expectation = IconLoadingExpectation(
            outcome: .icon, requests: .init(allowed: [], mustFetch: []), image: image)
        let verdict = IconLoadingJudge.judge(
            expectation, outcome: LoadIconOutcome(exitStatus: 0, stdout: bomb, summary: "exit 0"), requests: [],
            source: TestImages.pattern(width: 58, height: 58))
        #expect(verdict.kind == .fail)
        #expect(verdict.reasons.contains { $0.contains("5000 scans") && $0.contains("refused before decoding") })
    }

    @Test func otherExitStatusesAreCrashes() {
        func none(_ allowed: [String]) -> IconLoadingExpectation {
            IconLoadingExpectation(outcome: .none, requests: .init(allowed: allowed, mustFetch: []), image: nil)
        }
        let verdict = IconLoadingJudge.judge(
            none([]), outcome: LoadIconOutcome(exitStatus: 3, stdout: [], summary: "exit 3"), requests: [],
            source: nil)
        #expect(verdict.kind == .crash)
        let http = IconLoadingJudge.judge(
            none(["/appInfo.json"]), outcome: LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1"),
            requests: [("https", "/appInfo.json"), ("http", "/appInfo.json")], source: nil)
        #expect(http.kind == .fail)
    }
}

/// What the fixture server needs: its CA trusted, its loopback address allowed.
private func fixturePolicy(_ caFile: String) -> FetchPolicy {
    FetchPolicy(
        maxBytes: 2 << 20, extraTrustAnchors: try? TrustAnchorFile.read(BytePath(caFile)), allowPrivateAddresses: true)
}
