// Tests/IconLoadingTests/IconLoadingAreaTests.swift - The icon-loading area: the reference passes, broken loaders fail

import Foundation
import IconFetching
import IconImages
import IconLoading
import IconLoadingArea
import Icons
import Testing

/// Each test starts its own session (one server for all its cases) and removes its folder.
@Suite struct IconLoadingAreaTests {
    final class Session {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xds-area-\(UUID())")
        let session: IconLoadingSession

        init() throws {
            session = try IconLoadingSession(
                serverScript: TestSite.packageRoot.appendingPathComponent(
                    "Sources/BuiltInPeers/IconFixtureServer/icon_fixture_server.py"
                ).path, workDirectory: folder)
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
                    IconLoadRequest(appInfoURL: url, scale: scale, profile: profile, caFile: caFile, timeout: 10),
                    trace: &trace)
                return LoadIconOutcome(exitStatus: 0, stdout: icon.png, summary: "exit 0")
            } catch {
                return LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1")
            }
        }
    }

    @Test func atLeastFortyCasesAcrossScales() {
        let vectors = IconLoadingFamily.vectors()
        #expect(vectors.count * 3 >= 40)
        #expect(Set(vectors.map(\.id)).count == vectors.count)
        #expect(vectors.allSatisfy { $0.expected.keys.sorted() == [1, 2, 3] })
    }

    @Test func referenceRecommendedPassesEveryCase() throws {
        let owner = try Session()
        let session = owner.session
        defer { withExtendedLifetime(owner) {} }
        let results = session.run(label: "ref", perform: Self.reference(profile: .recommended))
        #expect(results.count == session.vectors.count * 3)
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
            let request = IconLoadRequest(appInfoURL: url, scale: scale, caFile: caFile, timeout: 10)
            guard (try? IconLoader.load(request, trace: &trace)) != nil, let chosen = trace.chosen,
                let response = try? HTTPSFetcher(policy: FetchPolicy(maxBytes: 2 << 20, extraCAFile: caFile)).fetch(
                    chosen.url)
            else { return LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1") }
            return LoadIconOutcome(exitStatus: 0, stdout: response.body, summary: "exit 0")
        }
        let iconCases = results.filter { $0.vector.expected[$0.scale]?.icon == true }
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
                _ = try? HTTPSFetcher(policy: FetchPolicy(maxBytes: 2 << 20, extraCAFile: caFile)).fetch(base + path)
            }
            let request = IconLoadRequest(appInfoURL: url, scale: scale, caFile: caFile, timeout: 10)
            guard let icon = try? IconLoader.load(request, trace: &trace) else {
                return LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1")
            }
            return LoadIconOutcome(exitStatus: 0, stdout: icon.png, summary: "exit 0")
        }
        let exact = results.filter { $0.vector.name == "exact-sizes" }
        #expect(exact.count == 3 && exact.allSatisfy { $0.verdict.kind == .fail })
        #expect(exact.allSatisfy { $0.verdict.reasons.contains { $0.contains("not the chosen icon") } })
    }

    @Test func otherExitStatusesAreCrashes() {
        let verdict = IconLoadingJudge.judge(
            .none(allowing: []), scale: 1, outcome: LoadIconOutcome(exitStatus: 3, stdout: [], summary: "exit 3"),
            requests: [], source: nil)
        #expect(verdict.kind == .crash)
        let http = IconLoadingJudge.judge(
            .none(allowing: ["/appInfo.json"]), scale: 1,
            outcome: LoadIconOutcome(exitStatus: 1, stdout: [], summary: "exit 1"),
            requests: [("https", "/appInfo.json"), ("http", "/appInfo.json")], source: nil)
        #expect(http.kind == .fail)
    }
}
