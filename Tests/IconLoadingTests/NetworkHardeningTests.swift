// Tests/IconLoadingTests/NetworkHardeningTests.swift - One deadline, every request listed, the CA file, private hosts

import AttributeFiles
import Foundation
import IconLoading
import Testing
import XDSCommands

@Suite struct NetworkHardeningTests {
    /// Three redirects, each answering its four-byte body slowly (≈ 1.8 s per hop): every hop fits a 3 s
    /// timeout, the whole chain (≈ 5.4 s) does not.
    @Test func theTimeoutBoundsTheWholeLoadNotEachHop() throws {
        let slow: [String: Any] = ["text": "abcd", "chunk": 1, "delay": 0.6]
        let site = try TestSite(
            files: ["appInfo.json": Array(#"{"icons":[]}"#.utf8)],
            routes: [
                "/appInfo.json": slow.merging(["status": 302, "location": "{https}/r1"]) { $1 },
                "/r1": slow.merging(["status": 302, "location": "{https}/r2"]) { $1 },
                "/r2": slow.merging(["status": 302, "location": "{https}/r3"]) { $1 },
                "/r3": ["file": "appInfo.json"],
            ])
        let (result, trace) = load(site, url: site.origin + "/appInfo.json", timeout: 3)
        guard case .failure(.failed(_, let detail, _)) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(detail.lowercased().contains("time"), "\(detail)")
        #expect((trace.steps.first?.requested.count ?? 0) < 4)
    }

    @Test func aFailedFetchListsEveryRequestMade() throws {
        let site = try TestSite(
            files: [:],
            routes: [
                "/appInfo.json": ["status": 302, "location": "{https}/r1"],
                "/r1": ["status": 302, "location": "{https}/gone"],
            ])
        let url = site.origin + "/appInfo.json"
        let (result, trace) = load(site, url: url)
        guard case .failure(.failed) = result else {
            Issue.record("expected a server failure, got \(result)")
            return
        }
        #expect(trace.steps.first?.requested == [url, site.origin + "/r1", site.origin + "/gone"])
    }

    @Test func privateAddressesAreRefusedByDefaultBeforeAnyRequest() throws {
        let site = try TestSite.standard()
        let (result, _) = load(site, allowPrivateHosts: false)
        guard case .failure(.refused(_, "private-address", let detail)) = result else {
            Issue.record("expected a private-address refusal, got \(result)")
            return
        }
        #expect(detail.contains("127.0.0.1") && detail.contains("loopback"))
        #expect(site.paths() == [])
        // `xds icon` refuses with exit 2 unless --allow-private-hosts is given.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("xds-private-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let common = ["--app-info-url", site.appInfoURL, "--scale", "1", "-o", output, "--ca-file", site.caFile]
        #expect(XDS.main(["xds", "icon", "--no-cache"] + common).rawValue == 2)
        #expect(XDS.main(["xds", "icon", "--no-cache", "--allow-private-hosts"] + common).rawValue == 0)
    }

    @Test func percentEncodedHostsAreRefused() throws {
        let site = try TestSite.standard()
        // 127.0.0.%31 is 127.0.0.1 once libcurl decodes it.
        let url = site.origin.replacingOccurrences(of: "127.0.0.1", with: "127.0.0.%31") + "/app/appInfo.json"
        let (result, _) = load(site, url: url)
        guard case .failure(.refused(_, "percent-encoded-host", _)) = result else {
            Issue.record("expected a percent-encoded-host refusal, got \(result)")
            return
        }
        #expect(site.paths() == [])
    }

    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("10.1.2.3", "private"), ("172.16.0.1", "private"), ("172.31.255.255", "private"),
        ("192.168.1.1", "private"), ("169.254.169.254", "link-local"), ("100.64.0.1", "carrier-grade"),
        ("0.0.0.0", "unspecified"), ("224.0.0.1", "multicast"), ("::1", "loopback"), ("::", "unspecified"),
        ("fe80::1", "link-local"), ("fd00::1", "unique local"), ("::ffff:127.0.0.1", "loopback"),
        ("::ffff:10.0.0.1", "private"), ("64:ff9b::a9fe:a9fe", "link-local"), ("ff02::1", "multicast"),
    ])
    func nonPublicAddressesAreRefused(_ address: String, _ reason: String) {
        #expect(AddressRules.refusal(Self.bytes(address))?.contains(reason) == true)
    }

    @Test(arguments: ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:8.8.8.8"])
    func publicAddressesAreAllowed(_ address: String) {
        #expect(AddressRules.refusal(Self.bytes(address)) == nil)
    }

    static func bytes(_ address: String) -> [UInt8] {
        if address.contains(":") {
            var value = in6_addr()
            _ = inet_pton(AF_INET6, address, &value)
            return withUnsafeBytes(of: &value) { Array($0) }
        }
        var value = in_addr()
        _ = inet_pton(AF_INET, address, &value)
        return withUnsafeBytes(of: &value) { Array($0) }
    }

    @Test func aMissingCAFileExits74NamingThePath() throws {
        let missing = "/nonexistent-\(UUID())/ca.pem"
        let common = ["--app-info-url", "https://127.0.0.1:9/appInfo.json", "--scale", "1", "--ca-file", missing]
        #expect(XDS.main(["xds", "icon", "--no-cache", "-o", "/dev/null"] + common).rawValue == 74)
        #expect(XDS.main(["xds", "load-icon"] + common).rawValue == 74)
        var trace = LoadTrace()
        let request = IconLoadRequest(
            appInfoURL: "https://127.0.0.1:9/appInfo.json", scale: 1, caFile: BytePath(missing))
        do {
            _ = try IconLoader.load(request, trace: &trace)
            Issue.record("loaded with a missing CA file")
        } catch {
            guard case .unreadableInput(let detail) = error else {
                Issue.record("expected unreadable input, got \(error)")
                return
            }
            #expect(detail.contains(missing))
        }
        #expect(trace.steps.isEmpty)
    }

    /// A FIFO as the CA file is refused at once. Without the fix the open blocks until a writer comes: the
    /// test then opens one itself after 10 s so that it fails instead of hanging.
    @Test func aFIFOAsCAFileIsRefusedWithoutBlocking() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("xds-ca-fifo-\(UUID())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let finished = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        Thread.detachNewThread {
            var trace = LoadTrace()
            let request = IconLoadRequest(
                appInfoURL: "https://127.0.0.1:9/appInfo.json", scale: 1, caFile: BytePath(fifo), timeout: 5)
            do {
                _ = try IconLoader.load(request, trace: &trace)
                outcome.set("loaded")
            } catch {
                outcome.set("\(error)")
            }
            finished.signal()
        }
        if finished.wait(timeout: .now() + 10) == .timedOut {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            finished.wait()
            Issue.record("reading a FIFO as the CA file blocked")
            return
        }
        #expect(outcome.get().contains("not a regular file"), "\(outcome.get())")
    }
}

/// The outcome of the FIFO test's loading thread.
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String { lock.withLock { text } }
}
