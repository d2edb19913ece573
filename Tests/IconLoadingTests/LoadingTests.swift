// Tests/IconLoadingTests/LoadingTests.swift - The whole pipeline against the fixture server

import AttributeFiles
import Foundation
import IconImages
import IconLoading
import IconLoadingArea
import Icons
import Testing

/// Loads through `site` with no cache unless one is given.
func load(
    _ site: TestSite, url: String? = nil, scale: Int = 2, profile: IconProfile = .recommended,
    cache: IconCacheStore? = nil, timeout: Double = 10, allowPrivateHosts: Bool = true
) -> (Result<LoadedIcon, IconLoadError>, LoadTrace) {
    var trace = LoadTrace()
    let request = IconLoadRequest(
        appInfoURL: url ?? site.appInfoURL, scale: scale, profile: profile, caFile: BytePath(site.caFile),
        timeout: timeout, cache: cache, allowPrivateHosts: allowPrivateHosts)
    do {
        return (.success(try IconLoader.load(request, trace: &trace)), trace)
    } catch {
        return (.failure(error), trace)
    }
}

@Suite struct LoadingTests {
    @Test(arguments: [1, 2, 3])
    func loadsTheExactIconAndMasksIt(scale: Int) throws {
        let site = try TestSite.standard()
        let (result, trace) = load(site, scale: scale)
        let icon = try result.get()
        let output = try ImageDecoder.decode(icon.png)
        let name = ["icon.png", "icon@2x.png", "icon@3x.png"][scale - 1]
        #expect(site.paths() == ["https /app/appInfo.json", "https /app/img/\(name)"])
        #expect(trace.chosen?.width == 29 * scale)
        let source = TestImages.pattern(width: 29 * scale, height: 29 * scale)
        #expect(MaskCheck.failures(output: output, source: source, scale: scale) == [])
        #expect(output == (try IconMasker(scale: scale).render(source)))
    }

    @Test func legacyProfileUsesTheOriginalSelection() throws {
        // Legacy takes the first exact match and stops; with no exact match, the smallest larger one.
        let site = try TestSite.standard()
        let (result, trace) = load(site, scale: 4, profile: .legacy)
        _ = try result.get()
        #expect(trace.chosen?.width == 1024)
        #expect(site.paths() == ["https /app/appInfo.json", "https /app/img/icon-1024.png"])
    }

    @Test func httpAppInfoURLIsRefusedWithoutAnyRequest() throws {
        let site = try TestSite.standard()
        let url = site.server.httpOrigin + "/app/appInfo.json"
        let (result, _) = load(site, url: url)
        guard case .failure(.refused(let refusedURL, let rule, _)) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(refusedURL == url && rule == "https-only")
        #expect(site.paths() == [])
    }

    @Test func userinfoURLIsRefusedWithoutAnyRequest() throws {
        let site = try TestSite.standard()
        let url = site.origin.replacingOccurrences(of: "https://", with: "https://user:secret@") + "/app/appInfo.json"
        let (result, _) = load(site, url: url)
        guard case .failure(.refused(_, "no-userinfo", _)) = result else {
            Issue.record("expected a userinfo refusal, got \(result)")
            return
        }
        #expect(site.paths() == [])
    }

    @Test func redirectToHTTPIsRefusedAndNeverFetched() throws {
        let site = try TestSite.standard(imageRoute: ["status": 302, "location": "{http}/app/img/plain.png"])
        let (result, _) = load(site)
        guard case .failure(.refused(let url, "https-only", _)) = result else {
            Issue.record("expected an https-only refusal, got \(result)")
            return
        }
        #expect(url == site.server.httpOrigin + "/app/img/plain.png")
        #expect(site.paths() == ["https /app/appInfo.json", "https /app/img/icon@2x.png"])
    }

    @Test func httpsRedirectsAreFollowedUpToThree() throws {
        let routes: [String: [String: Any]] = [
            "/appInfo.json": ["status": 301, "location": "{https}/r1"],
            "/r1": ["status": 302, "location": "{https}/r2"],
            "/r2": ["status": 307, "location": "{https}/r3"],
            "/r3": ["file": "appInfo.json"],
            "/x.png": ["file": "x.png", "type": "image/png"],
            "/loop": ["status": 302, "location": "{https}/loop"],
        ]
        let site = try TestSite(
            files: [
                "appInfo.json": Array(#"{"icons":[{"width":58,"height":58,"src":"/x.png"}]}"#.utf8),
                "x.png": TestImages.png(width: 58, height: 58),
            ], routes: routes)
        let (result, trace) = load(site, url: site.origin + "/appInfo.json")
        _ = try result.get()
        #expect(trace.steps.first?.requested.count == 4)
        let (looped, _) = load(site, url: site.origin + "/loop")
        guard case .failure(.refused(_, "max-redirects", _)) = looped else {
            Issue.record("expected max-redirects, got \(looped)")
            return
        }
        #expect(site.paths().filter { $0 == "https /loop" }.count == 4)
    }

    @Test func oversizeAppInfoIsCutMidStream() throws {
        // No Content-Length, 1 MiB body in 16 KiB chunks: the transfer stops just past 64 KiB.
        let site = try TestSite.standard(appInfoRoute: ["pad_to": 1 << 20, "no_length": true, "chunk": 16384])
        let (result, _) = load(site)
        guard case .failure(.refused(_, "size-cap", let detail)) = result else {
            Issue.record("expected a size-cap refusal, got \(result)")
            return
        }
        #expect(detail.contains("65536"))
        let cutAfter = detail.split(separator: " ").compactMap { Int($0) }.last ?? 0
        #expect(cutAfter > 65536 && cutAfter < 200_000, "\(detail)")
    }

    @Test func oversizeImageIsCutMidStreamAndByContentLength() throws {
        for route: [String: Any] in [
            ["pad_to": 3 << 20, "no_length": true, "chunk": 65536], ["pad_to": 3 << 20],
        ] {
            let site = try TestSite.standard(imageRoute: route)
            let (result, _) = load(site)
            guard case .failure(.refused(_, "size-cap", let detail)) = result else {
                Issue.record("expected a size-cap refusal, got \(result)")
                continue
            }
            #expect(detail.contains("2097152"))
        }
    }

    @Test func giantPNGHeaderIsRefusedBeforeDecoding() throws {
        let site = try TestSite(
            files: [
                "appInfo.json": Array(#"{"icons":[{"width":58,"height":58,"src":"bomb.png"}]}"#.utf8),
                "bomb.png": TestImages.giantHeaderPNG(width: 60000, height: 60000),
            ],
            routes: [
                "/appInfo.json": ["file": "appInfo.json"], "/bomb.png": ["file": "bomb.png", "type": "image/png"],
            ])
        let (result, _) = load(site, url: site.origin + "/appInfo.json")
        guard case .failure(.refused(_, "image-dimensions", let detail)) = result else {
            Issue.record("expected an image-dimensions refusal, got \(result)")
            return
        }
        #expect(detail.contains("60000x60000"))
    }

    @Test func jpegCPUBombIsRefusedBeforeDecoding() throws {
        let site = try TestSite(
            files: [
                "appInfo.json": Array(#"{"icons":[{"width":58,"height":58,"src":"bomb.jpg"}]}"#.utf8),
                "bomb.jpg": TestImages.repeatedScanJPEG(width: 64, height: 64, scans: 20_000),
            ],
            routes: [
                "/appInfo.json": ["file": "appInfo.json"], "/bomb.jpg": ["file": "bomb.jpg", "type": "image/jpeg"],
            ])
        let (result, _) = load(site, url: site.origin + "/appInfo.json")
        guard case .failure(.refused(_, "image-work", let detail)) = result else {
            Issue.record("expected an image-work refusal, got \(result)")
            return
        }
        #expect(detail.contains("20000 scans"))
    }

    @Test func nonImageContentTypeIsRefused() throws {
        let site = try TestSite.standard(imageRoute: ["type": "text/html; charset=utf-8"])
        let (result, _) = load(site)
        guard case .failure(.refused(_, "content-type", let detail)) = result else {
            Issue.record("expected a content-type refusal, got \(result)")
            return
        }
        #expect(detail.contains("text/html"))
    }

    @Test func corruptImageIsUndecodable() throws {
        let site = try TestSite.standard(imageRoute: ["file_prefix": 60])
        let (result, _) = load(site)
        guard case .failure(.undecodable) = result else {
            Issue.record("expected undecodable, got \(result)")
            return
        }
    }

    @Test func serverErrorsAndTimeoutsAreFailures() throws {
        for (route, timeout) in [
            (["status": 404] as [String: Any], 10.0), (["status": 500], 10), (["delay": 1.5, "chunk": 10], 1),
        ] {
            let site = try TestSite.standard(imageRoute: route)
            let (result, _) = load(site, timeout: timeout)
            guard case .failure(.failed) = result else {
                Issue.record("expected a failure for \(route), got \(result)")
                continue
            }
        }
    }

    @Test func untrustedCertificateIsANetworkFailure() throws {
        let site = try TestSite.standard()
        var trace = LoadTrace()
        let request = IconLoadRequest(
            appInfoURL: site.appInfoURL, scale: 2, caFile: nil, timeout: 10, allowPrivateHosts: true)
        let error = #expect(throws: IconLoadError.self) { try IconLoader.load(request, trace: &trace) }
        // The first request (appInfo.json) fails, in the project's words; libcurl's text is kept apart.
        guard case .failed(let url, let detail, let libraryText)? = error else {
            Issue.record("expected a network failure, got \(String(describing: error))")
            return
        }
        #expect(url == site.appInfoURL)
        #expect(detail == NetworkFailureKind.untrustedCertificate.description)
        #expect(!libraryText.isEmpty)
    }

    @Test func noMatchingIconIsNoIcon() throws {
        let site = try TestSite.smallOnly()
        let (result, _) = load(site, scale: 2)
        guard case .failure(.noIcon) = result else {
            Issue.record("expected no icon, got \(result)")
            return
        }
        #expect(site.paths() == ["https /app/appInfo.json"])
    }
}
