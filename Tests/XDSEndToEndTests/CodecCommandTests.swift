// Tests/XDSEndToEndTests/CodecCommandTests.swift - xds decode and xds encode through the built binary

import ChildProcess
import Foundation
import TestSupport
import Testing

@Suite struct CodecCommandTests {
    static let vectors = BuiltProducts.packageRoot.appendingPathComponent("Vectors/plist")

    private func vector(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.vectors.appendingPathComponent(path)))
    }

    @Test func decodePrintsTheTaggedJSONAndEncodeWritesBytesThatDecodeBack() throws {
        let bytes = try vector("valid/dict-1.bplist")
        let decoded = try BuiltProducts.run("xds", ["decode"], input: bytes)
        #expect(decoded.status == 0, "\(decoded.stderrText)")
        let expected = try JSONSerialization.jsonObject(with: Data(try vector("valid/dict-1.json")))
        let actual = try JSONSerialization.jsonObject(with: Data(decoded.stdout))
        #expect((actual as? NSDictionary) == (expected as? NSDictionary))

        let encoded = try BuiltProducts.run("xds", ["encode"], input: decoded.stdout)
        #expect(encoded.status == 0, "\(encoded.stderrText)")
        #expect(encoded.stdout.starts(with: Array("bplist00".utf8)))
        let again = try BuiltProducts.run("xds", ["decode", "-"], input: encoded.stdout)
        #expect(again.stdout == decoded.stdout)
    }

    @Test func aRejectedPlistExitsOneWithCategoryAndOffset() throws {
        let run = try BuiltProducts.run("xds", ["decode"], input: try vector("invalid/header-and-zero-trailer.bplist"))
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrText == "xds decode: error: trailer at offset 14: offset-table entry size is 0\n")
    }

    @Test func encodeNamesTheJSONPathOfABadValue() throws {
        let run = try BuiltProducts.run("xds", ["encode"], input: Array(#"[{"type":"integer","value":"x"}]"#.utf8))
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrText.contains("$[0].value"))
    }

    /// An unreadable input is the tool's I/O failure (74), never a rejection (1) of the input.
    @Test(arguments: ["decode", "encode"])
    func anUnreadableFileIsAnIOErrorNamingThePath(command: String) throws {
        let missing = "/nonexistent/xds-\(command)-input"
        let run = try BuiltProducts.run("xds", [command, missing])
        #expect(run.status == 74)
        #expect(run.stderrText.contains(missing))
    }

    /// A file that is not there is the tool's I/O failure (74) in the attribute commands too, as the
    /// guarantees table says for every file named on the command line; a refusal stays 1.
    @Test(arguments: [
        ["read"], ["remove"], ["write", "--identifier", "com.example", "--name", "Example"],
    ])
    func aMissingFileIsAnIOErrorInTheAttributeCommands(command: [String]) throws {
        let missing = "/nonexistent/xds-\(command[0])-file"
        let run = try BuiltProducts.run("xds", [command[0], missing] + command.dropFirst())
        #expect(run.status == 74, "\(run.stderrText)")
        #expect(run.stderrText == "xds \(command[0]): error: \(missing): no such file or directory (ENOENT)\n")
    }
}
