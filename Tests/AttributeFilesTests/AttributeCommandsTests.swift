// Tests/AttributeFilesTests/AttributeCommandsTests.swift - xds read/write/validate/remove, run as the built binary

import ChildProcess
import DocumentSource
import FilesystemHarness
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct AttributeCommandsTests {
    func json(_ result: CallResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    }

    @Test(arguments: [FilesystemKind.tmpfs, .ext4()])
    func writeStoresWhatPlistlibDecodes(kind: FilesystemKind) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let result = try Tool.xds(
                "write", file, "--identifier", "com.example.app", "--name", "Example", "--path", "docs/a.md",
                "--app-info-url", "https://example.com/appInfo.json")
            #expect(result.status == 0, "\(result.stderrText)")
            let stored = try #require(try Tool.getfattr(file))
            #expect(
                try Plistlib.loads(stored) == [
                    "identifier": "com.example.app", "name": "Example", "path": "docs/a.md",
                    "appInfoURL": "https://example.com/appInfo.json",
                ])
        }
    }

    @Test(arguments: [FilesystemKind.tmpfs, .ext4()])
    func readJSONEqualsWhatPlistlibStored(kind: FilesystemKind) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try Tool.setfattr(
                file, try Plistlib.dumps("{'identifier': 'a.b', 'name': 'Quote \" and \\\\ é', 'path': 3}"))
            let result = try Tool.xds("read", file, "--json")
            #expect(result.status == 0, "\(result.stderrText)")
            let object = try json(result)
            #expect(object as? [String: String] == ["identifier": "a.b", "name": "Quote \" and \\ é"])
            let text = try Tool.xds("read", file)
            // Human-readable output escapes a backslash (TerminalText), so every escape reads one way.
            #expect(text.stdoutText == "identifier: a.b\nname: Quote \" and \\\\ é\n")
            #expect(text.stderrText == "note: 'path' is an integer, not a string: readers ignore it\n")
        }
    }

    @Test func createOnExistingFailsAndKeepsTheValue() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(try Tool.xds("write", file, "--identifier", "a", "--name", "One", "--create").status == 0)
            let before = try Tool.getfattr(file)
            let second = try Tool.xds("write", file, "--identifier", "a", "--name", "Two", "--create")
            #expect(second.status == 1)
            #expect(second.stderrText.contains("already has"))
            #expect(try Tool.getfattr(file) == before)
            #expect(try Tool.xds("write", file, "--identifier", "a", "--name", "Two", "--replace").status == 0)
            #expect(try Tool.xds("read", file).stdoutText == "identifier: a\nname: Two\n")
        }
    }

    @Test func tooLargeForOneKiBExt4NamesSizesAndLimit() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(try Tool.xds("write", file, "--identifier", "a", "--name", "b").status == 0)
            let before = try Tool.getfattr(file)
            let result = try Tool.xds(
                "write", file, "--identifier", "a", "--name", "b", "--path", String(repeating: "x", count: 2000))
            #expect(result.status == 1)
            #expect(result.stderrText.contains("at most 952 bytes"))
            #expect(result.stderrText.contains("nothing was written"))
            #expect(try Tool.getfattr(file) == before)
        }
    }

    @Test func removeAndMissingAttribute() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(try Tool.xds("read", file).status == 1)
            #expect(try Tool.xds("write", file, "--identifier", "a", "--name", "b").status == 0)
            #expect(try Tool.xds("remove", file).status == 0)
            #expect(try Tool.getfattr(file) == nil)
            let again = try Tool.xds("remove", file)
            #expect(again.status == 1)
            #expect(again.stderrText.contains("has no x-document-source attribute"))
        }
    }

    @Test func validateExitStatusesAndJSON() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(try Tool.xds("validate", file).status == 1)  // no attribute, as `read` says it
            #expect(
                try Tool.xds(
                    "write", file, "--identifier", "a", "--name", "b", "--path", "p",
                    "--app-info-url", "https://h/a.json"
                ).status == 0)
            let clean = try Tool.xds("validate", file, "--json")
            #expect(clean.status == 0)
            #expect(try json(clean)["valid"] as? Bool == true)
            try Tool.setfattr(file, try Plistlib.dumps("{'identifier': 'a', 'name': 1}"))
            let bad = try Tool.xds("validate", file, "--json")
            #expect(bad.status == 1)
            let findings = try json(bad)["findings"] as? [[String: Any]] ?? []
            #expect(
                findings.contains {
                    $0["code"] as? String == "schema.value-not-string" && $0["key"] as? String == "name"
                })
            #expect(try Tool.xds("validate", file, "--bogus").status == 64)
        }
    }

    @Test func usageErrorsExit64() throws {
        #expect(try Tool.xds("write", "/tmp", "--identifier", "a").status == 64)
        #expect(try Tool.xds("write", "/tmp", "--identifier", "a", "--name", "b", "--create", "--replace").status == 64)
        #expect(try Tool.xds("read").status == 64)
        #expect(try Tool.xds("remove", "a", "b").status == 64)
    }

    @Test(arguments: ["read", "write", "validate", "remove"])
    func helpDocumentsExitStatusWithin80Columns(command: String) throws {
        let result = try Tool.xds(command, "--help")
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("EXIT STATUS"))
        #expect(result.stdoutText.split(separator: "\n").allSatisfy { $0.count <= 80 && !$0.contains("\t") })
    }
}
