// Tests/XDSEndToEndTests/ArgumentsTests.swift - The shared command-line parser

import AttributeFiles
import Testing

@testable import XDSCommands

@Suite struct ArgumentsTests {
    let spec = ArgumentSpec(
        valueOptions: ["--scale", "--run"], pathOptions: ["--out"], flags: ["--json"], positionals: 0...1)

    @Test func parsesValuesInBothSpellingsAndFlags() throws {
        let parsed = try Arguments.parse(["--scale", "2", "--json", "--run=plist/*", "file"], spec: spec)
        #expect(parsed.value("--scale") == "2")
        #expect(parsed.value("--run") == "plist/*")
        #expect(parsed.has("--json"))
        #expect(parsed.positionals == ["file"])
    }

    @Test func keepsEveryValueOfARepeatedOption() throws {
        let parsed = try Arguments.parse(["--run", "a", "--run", "b"], spec: spec)
        #expect(parsed.allValues("--run") == ["a", "b"])
        #expect(parsed.value("--run") == "b")
    }

    @Test func doubleDashEndsOptionsForTheWholeLine() throws {
        let parsed = try Arguments.parse(["--", "--json"], spec: spec)
        #expect(parsed.positionals == ["--json"])
        #expect(!parsed.has("--json"))
    }

    @Test func loneDashIsStandardInput() throws {
        #expect(try Arguments.parse(["-"], spec: spec).positionals == ["-"])
    }

    @Test func helpSkipsPositionalCountChecks() throws {
        let parsed = try Arguments.parse(["a", "b", "c", "--help"], spec: spec)
        #expect(parsed.wantsHelp)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--scale"], "option '--scale' needs a value"),
        (["--json=yes"], "option '--json' takes no value"),
        (["a", "b"], "expected 0 to 1 argument(s), got 2"),
    ])
    func rejectsWhatDoesNotFit(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try Arguments.parse(arguments, spec: spec) }
    }

    /// Bytes that are not UTF-8: kept for paths, refused for text, never replaced with U+FFFD.
    @Test func pathsKeepTheirBytesAndTextMustBeUTF8() throws {
        let bad = CommandLineArgument(bytes: Array("bad".utf8) + [0xFF, 0xFE])
        let inline = CommandLineArgument(bytes: Array("--run=".utf8) + [0xC0, 0xAF])
        let inlinePath = CommandLineArgument(bytes: Array("--out=".utf8) + [0xC0, 0xAF])
        let parsed = try Arguments.parse([bad, "--scale", bad, inline, inlinePath], spec: spec)
        #expect(parsed.path(at: 0).bytes == Array("bad".utf8) + [0xFF, 0xFE])
        #expect(parsed.path("--out")?.bytes == [0xC0, 0xAF])
        for option in ["--scale", "--run"] {
            let error = #expect(throws: UsageError.self) { try parsed.text(option) }
            #expect(error?.message.hasPrefix("\(option): the value is not valid UTF-8 (") == true, "\(option)")
        }
        #expect(!parsed.positionals[0].contains("\u{FFFD}"))
        #expect(try Arguments.parse(["--scale", "ünï"], spec: spec).text("--scale") == "ünï")
    }

    /// A path option is reachable only as a path: never as text (a display string would name a look-alike).
    @Test func pathOptionsAreNotText() throws {
        let bad = CommandLineArgument(bytes: Array("out".utf8) + [0xFF])
        let parsed = try Arguments.parse(["--out", bad, "--scale", "2"], spec: spec)
        #expect(parsed.value("--out") == nil)
        #expect(parsed.path("--scale") == nil)
        #expect(parsed.path("--out")?.bytes == Array("out".utf8) + [0xFF])
        let error = #expect(throws: UsageError.self) { try parsed.utf8Path("--out") }
        #expect(error?.message.hasPrefix("--out: the path '") == true)
        #expect(error?.message.hasSuffix("' is not valid UTF-8, which this option cannot use byte-exactly") == true)
        #expect(try Arguments.parse(["--out", "ünï"], spec: spec).utf8Path("--out") == "ünï")
    }
}
