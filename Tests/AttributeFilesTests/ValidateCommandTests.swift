// Tests/AttributeFilesTests/ValidateCommandTests.swift - `xds validate --bytes` on files plistlib wrote

import Foundation
import TestSupport
import Testing

@Suite struct ValidateCommandTests {
    func withBytesFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let path = "/tmp/xds-validate-\(UUID().uuidString)"
        try makeFile(path, bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func xmlPlistIsAnErrorWithItsCode() throws {
        let script =
            "import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps({'identifier': 'a', 'name': 'b'}, "
            + "fmt=plistlib.FMT_XML))"
        let xml = try Tool.run("python3", ["-c", script]).stdout
        try withBytesFile(xml) { path in
            let result = try Tool.xds("validate", "--bytes", path)
            #expect(result.status == 1)
            #expect(result.text.contains("error: [format.xml]"))
        }
    }

    @Test func canonicalBytesAreClean() throws {
        let bytes = try Tool.plistlibDumps(
            "{'identifier': 'a', 'name': 'b', 'path': 'c', 'appInfoURL': 'https://h/a.json'}")
        try withBytesFile(bytes) { path in
            let result = try Tool.xds("validate", "--bytes", path, "--json")
            #expect(result.status == 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            #expect(object?["errors"] as? Int == 0)
            #expect((object?["portability"] as? [Any])?.count == 5)
        }
    }

    @Test func truncatedBytesReportCategoryAndOffset() throws {
        let bytes = try Tool.plistlibDumps("{'identifier': 'a', 'name': 'b'}")
        try withBytesFile(Array(bytes.dropLast(4))) { path in
            let result = try Tool.xds("validate", "--bytes", path, "--json")
            #expect(result.status == 1)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            let finding = (object?["findings"] as? [[String: Any]])?.first
            #expect(finding?["code"] as? String == "decode.error")
            #expect(finding?["offset"] is Int)
        }
    }

    @Test func unreadableInputAndUsageExit2() throws {
        #expect(try Tool.xds("validate", "--bytes", "/tmp/xds-no-such-\(UUID().uuidString)").status == 2)
        #expect(try Tool.xds("validate").status == 2)
        #expect(try Tool.xds("validate", "a", "b").status == 2)
    }
}
