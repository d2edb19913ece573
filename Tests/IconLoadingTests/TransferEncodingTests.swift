// Tests/IconLoadingTests/TransferEncodingTests.swift - What libcurl does with an unasked Transfer-Encoding: gzip

import ChildProcess
import Foundation
import IconLoading
import TestSupport
import Testing

@Suite struct TransferEncodingTests {
    /// `gzip -c` of `bytes`.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let result = try HostTool.run("gzip", ["-c", "-9"], input: bytes)
        #expect(result.status == 0)
        return result.stdout
    }

    /// Docs/icons.md, "Network": a gzip transfer encoding is decoded by libcurl, and the size cap
    /// counts the decoded bytes, so a small compressed body that inflates past 64 KiB is cut.
    @Test func gzipTransferEncodingIsDecodedAndTheCapCountsDecodedBytes() throws {
        let appInfo = Array(#"{"icons":[{"width":58,"height":58,"src":"x.png"}]}"#.utf8)
        let bomb = try Self.gzip(appInfo + [UInt8](repeating: 0x20, count: 1 << 20))
        #expect(bomb.count < 65536)
        let gzipped: [String: Any] = ["headers": ["Transfer-Encoding": "gzip"], "no_length": true]
        let site = try TestSite(
            files: [
                "appInfo.json.gz": try Self.gzip(appInfo), "bomb.gz": bomb,
                "x.png": TestImages.png(width: 58, height: 58),
            ],
            routes: [
                "/appInfo.json": gzipped.merging(["file": "appInfo.json.gz"]) { $1 },
                "/bomb.json": gzipped.merging(["file": "bomb.gz"]) { $1 },
                "/x.png": ["file": "x.png", "type": "image/png"],
            ])
        let (decoded, trace) = load(site, url: site.origin + "/appInfo.json")
        _ = try decoded.get()
        #expect(trace.steps.first?.bytes == appInfo.count)
        let (cut, _) = load(site, url: site.origin + "/bomb.json")
        guard case .failure(.refused(_, "size-cap", _)) = cut else {
            Issue.record("expected the decoded body to hit the size cap, got \(cut)")
            return
        }
    }
}
