// Tests/IconLoadingTests/NetworkFailureWordsTests.swift - `xds icon` says what failed in its own words; libcurl's text
// only under --json and --explain

import ChildProcess
import Foundation
import TestSupport
import Testing

@Suite struct NetworkFailureWordsTests {
    /// The fixture site's certificate is issued by the fixture's own CA: without `--ca-file` it is not trusted.
    @Test func anUntrustedCertificateIsNamedInTheProjectsWordsAndTheLibraryTextIsKeptApart() throws {
        let site = try TestSite.standard()
        let output = try ShellInDirectory.makeDirectory("xds-icon-words")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let arguments = [
            "icon", "--allow-private-hosts", "--no-cache", "--app-info-url", site.appInfoURL, "--scale", "2", "-o",
            output + "/icon.png",
        ]
        let plain = try BuiltProducts.run("xds", arguments)
        #expect(plain.status == 3, "\(plain.stderrText)")
        #expect(
            plain.stderrText
                == "xds icon: error: failed \(site.appInfoURL): the server's certificate is not trusted (issuer, name or dates)\n"
        )

        let explained = try BuiltProducts.run("xds", arguments + ["--explain", "--json"])
        #expect(explained.status == 3)
        #expect(explained.stderrText.contains("\nthe HTTP library said: libcurl: "), "\(explained.stderrText)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(explained.stdout)) as? [String: Any])
        #expect(
            (object["error"] as? String)?.hasSuffix("the server's certificate is not trusted (issuer, name or dates)")
                == true)
        #expect((object["libraryError"] as? String)?.hasPrefix("libcurl: ") == true, "\(object)")
    }

    /// A failure that is not the network's has no library text: `libraryError` is null.
    @Test func aServerStatusHasNoLibraryText() throws {
        let site = try TestSite.standard()
        let output = try ShellInDirectory.makeDirectory("xds-icon-words")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try BuiltProducts.run(
            "xds",
            [
                "icon", "--allow-private-hosts", "--no-cache", "--ca-file", site.caFile, "--app-info-url",
                site.origin + "/missing.json", "--scale", "2", "-o", output + "/icon.png", "--json",
            ])
        #expect(run.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        #expect(object["libraryError"] is NSNull, "\(object)")
        #expect((object["error"] as? String)?.hasSuffix("HTTP status 404") == true, "\(object)")
    }
}
