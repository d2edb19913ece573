// Tests/AttributeFilesTests/ValidateCommandTests.swift - `xds validate --bytes` on files plistlib wrote

import ChildProcess
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
            #expect(result.stdoutText.contains("error: [format.xml]"))
            #expect(result.stdoutText.contains("(§2.2 attribute.format.binary)"))
        }
    }

    @Test func canonicalBytesAreClean() throws {
        let bytes = try Plistlib.dumps(
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
        let bytes = try Plistlib.dumps("{'identifier': 'a', 'name': 'b'}")
        try withBytesFile(Array(bytes.dropLast(4))) { path in
            let result = try Tool.xds("validate", "--bytes", path, "--json")
            #expect(result.status == 1)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            let finding = (object?["findings"] as? [[String: Any]])?.first
            #expect(finding?["code"] as? String == "decode.error")
            #expect(finding?["offset"] is Int)
            #expect((finding?["clause"] as? String)?.hasPrefix("bplist.trailer") == true)
            #expect(finding?["section"] as? String == "4.3")
        }
    }

    @Test func findingsNameTheClauseTheyEnforce() throws {
        let bytes = try Plistlib.dumps("['identifier', 'name']")
        try withBytesFile(bytes) { path in
            let json = try Tool.xds("validate", "--bytes", path, "--json")
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any]
            let finding = (object?["findings"] as? [[String: Any]])?.first
            #expect(finding?["code"] as? String == "schema.root-not-dictionary")
            #expect(finding?["clause"] as? String == "attribute.root.dictionary")
            #expect(finding?["section"] as? String == "2.3")
            let text = try Tool.xds("validate", "--bytes", path)
            #expect(text.stdoutText.contains("[schema.root-not-dictionary]"))
            #expect(text.stdoutText.contains("(§2.3 attribute.root.dictionary)"))
        }
    }

    /// The statuses every command uses (Docs/guarantees.md): an unreadable input 74, a usage error 64, and a
    /// file that does not exist 74, never 1, which says "checked, and invalid".
    @Test func unreadableInputIs74AndUsage64() throws {
        let missing = "/tmp/xds-no-such-\(UUID().uuidString)"
        #expect(try Tool.xds("validate", "--bytes", missing).status == 74)
        #expect(try Tool.xds("validate", missing).status == 74)
        #expect(try Tool.xds("validate").status == 64)
        #expect(try Tool.xds("validate", "a", "b").status == 64)
    }
}
