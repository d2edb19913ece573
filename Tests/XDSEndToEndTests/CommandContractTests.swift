// Tests/XDSEndToEndTests/CommandContractTests.swift - Every subcommand keeps the CLI contract

import TestSupport
import Testing

@testable import XDSCommands

@Suite struct CommandContractTests {
    static let names = XDS.commands.map { $0.name }

    @Test func overviewListsEverySubcommand() throws {
        let run = try BuiltProducts.run("xds", ["--help"])
        #expect(run.status == 0)
        for name in Self.names { #expect(run.stdoutText.contains("  \(name) ")) }
    }

    @Test(arguments: names)
    func helpFitsEightyColumnsWithoutTabs(name: String) throws {
        let run = try BuiltProducts.run("xds", [name, "--help"])
        #expect(run.status == 0)
        #expect(run.stdoutText.contains("USAGE: xds \(name)"))
        for line in run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(name): \(line)")
            #expect(!line.contains("\t"), "\(name): tab in \(line)")
        }
    }

    /// A mis-invoked adapter must never exit 1, or a runner would count it as a correct rejection; every
    /// command, `validate` included, says a usage error with 64.
    @Test(arguments: names)
    func unknownOptionIsAUsageError(name: String) throws {
        let run = try BuiltProducts.run("xds", [name, "--no-such-option"])
        #expect(run.status == 64, "\(name) exited \(run.status): \(run.stderrText)")
        #expect(run.stderrText.contains("--no-such-option"))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let run = try BuiltProducts.run("xds", ["no-such-command"])
        #expect(run.status == 64)
        #expect(run.stderrText.contains("unknown command 'no-such-command'"))
    }

    @Test func versionPrintsTheToolVersion() throws {
        let run = try BuiltProducts.run("xds", ["--version"])
        #expect(run.status == 0)
        #expect(run.stdoutText == XDS.version + "\n")
    }

    @Test func helpAdapterPrintsTheProtocol() throws {
        let run = try BuiltProducts.run("xds", ["help", "adapter"])
        #expect(run.status == 0)
        for call in ["decode", "encode", "read-attribute", "write-attribute", "select-icon", "capabilities"] {
            #expect(run.stdoutText.contains("CMD \(call)"))
        }
        // The exception policy and the limits, as Docs/conformance.md states them.
        #expect(run.stdoutText.contains("uncaught exception"))
        #expect(run.stdoutText.contains("20 s CPU (--cpu-limit), 60 s wall clock (--timeout)"))
    }

    @Test func helpConformanceStatesTheDefaultLimits() throws {
        let run = try BuiltProducts.run("xds", ["help", "conformance"])
        #expect(run.status == 0)
        let text = run.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--timeout SECONDS Wall-clock limit per call, above --cpu-limit (default: 60)."))
        #expect(text.contains("at most 3599 (default: 20)."))
    }
}
