// Tests/IconsTests/SelectIconCommandTests.swift - `xds select-icon` end to end: output and exit statuses

import Foundation
import TestSupport
import Testing

/// Runs the built `xds` with `stdin`.
func runXDS(_ arguments: [String], stdin: String) throws -> (status: Int32, out: String, err: String) {
    let result = try BuiltProducts.run("xds", arguments, input: Array(stdin.utf8))
    return (result.status, result.stdoutText, result.stderrText)
}

@Suite struct SelectIconCommandTests {
    let url = "https://example.com/app/appInfo.json"
    let seed =
        #"{"icons":[{"width":29,"height":29,"src":"img/icon.png"},{"width":58,"height":58,"src":"img/icon@2x.png"}]}"#

    @Test func printsTheChosenURLAndExitsZero() throws {
        let result = try runXDS(["select-icon", "--scale", "2", "--app-info-url", url], stdin: seed)
        #expect(result.status == 0)
        #expect(result.out == "https://example.com/app/img/icon@2x.png\n")
    }

    @Test func jsonOutput() throws {
        let result = try runXDS(["select-icon", "--scale=1", "--app-info-url", url, "--json", "-"], stdin: seed)
        #expect(result.status == 0)
        #expect(
            result.out == #"{"url":"https://example.com/app/img/icon.png","width":29,"height":29,"index":0}"# + "\n")
    }

    @Test func noIconExitsOne() throws {
        #expect(try runXDS(["select-icon", "--scale", "3", "--app-info-url", url], stdin: seed).status == 1)
        #expect(try runXDS(["select-icon", "--scale", "2", "--app-info-url", url], stdin: "{").status == 1)
        #expect(try runXDS(["select-icon", "--scale", "2", "--app-info-url", url], stdin: "[1]").status == 1)
    }

    @Test func originalRaisesExitsThreeInLegacyOnly() throws {
        let legacy = try runXDS(
            ["select-icon", "--scale", "2", "--app-info-url", url, "--profile", "legacy"], stdin: "[1]")
        #expect(legacy.status == 3)
        #expect(legacy.err.contains("the original raises"))
    }

    @Test func usageErrorsExitSixtyFour() throws {
        for arguments in [
            ["select-icon", "--app-info-url", url], ["select-icon", "--scale", "2"],
            ["select-icon", "--scale", "two", "--app-info-url", url],
            ["select-icon", "--scale", "0", "--app-info-url", url],
            ["select-icon", "--scale", "2", "--app-info-url", url, "--profile", "modern"],
            ["select-icon", "--scale", "2", "--app-info-url", url, "--frobnicate"],
            ["select-icon", "--scale", "2", "--app-info-url", url, "a", "b"],
        ] {
            #expect(try runXDS(arguments, stdin: seed).status == 64, "\(arguments)")
        }
    }

    @Test func explainWritesOneLinePerEntryToStandardError() throws {
        let result = try runXDS(["select-icon", "--scale", "2", "--app-info-url", url, "--explain"], stdin: seed)
        #expect(result.status == 0)
        #expect(result.err.split(separator: "\n").count == 2)
        #expect(result.err.contains("entry 1: taken"))
    }

    @Test func helpLinesFitEightyColumns() throws {
        let result = try runXDS(["select-icon", "--help"], stdin: "")
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 && !$0.contains("\t") })
    }
}
