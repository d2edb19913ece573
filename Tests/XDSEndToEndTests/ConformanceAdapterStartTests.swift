// Tests/XDSEndToEndTests/ConformanceAdapterStartTests.swift - Relative adapter paths, an adapter that does not run,
// why a call crashed, runs that test nothing, progress in a log

import ChildProcess
import ConformanceModel
import Foundation
import Reporting
import TestSupport
import Testing

@Suite struct ConformanceAdapterStartTests {
    static let vectors = BuiltProducts.packageRoot.path + "/Vectors"

    /// A fresh directory holding `name` with `text`, as a new user's adapter directory.
    private static func directory(with name: String, _ text: String) throws -> String {
        let directory = try ShellInDirectory.makeDirectory("xds-adapter-start")
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        return directory
    }

    /// Each call runs in a scratch directory: a relative script path must be resolved against the directory
    /// `xds` runs in, and the report records the command as typed and that directory.
    @Test func aRelativeAdapterPathIsResolvedAndRecordedAsTyped() throws {
        let adapter = try String(contentsOfFile: Fixtures.adapter("version"), encoding: .utf8)
        let directory = try Self.directory(with: "my_adapter.sh", adapter)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ShellInDirectory.run(
            "xds conformance --vectors '\(Self.vectors)' --cmd 'sh my_adapter.sh' --run 'plist/invalid/header-*'"
                + " --json",
            in: directory)
        #expect(run.status == 0, "\(run.stderrText)")
        let report = try ConformanceJSON.decode(run.stdout)
        let implementation = try #require(report.runs.first?.implementation)
        #expect(implementation.typedCommand == "sh my_adapter.sh")
        #expect(implementation.directory == directory)
        #expect(implementation.version == "libexample 1.2")
        #expect(report.runs[0].results.allSatisfy { $0.outcome == .pass })
    }

    /// The first command: python cannot open the script. Exit 2, the call, its status and its standard
    /// error on the terminal; no known-failure hint, and no list written even when asked for.
    @Test func anAdapterThatCannotStartStopsTheRunWithExit2() throws {
        let directory = try ShellInDirectory.makeDirectory("xds-adapter-start")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ShellInDirectory.run(
            "xds conformance --vectors '\(Self.vectors)' --cmd 'sh missing_adapter.sh' --area plist"
                + " --write-known-failures list.txt",
            in: directory)
        #expect(run.status == 2, "\(run.stderrText)")
        #expect(run.stderrText.contains("the adapter does not run"))
        #expect(run.stderrText.contains("missing_adapter.sh capabilities` ended with exit "))
        #expect(run.stderrText.contains("missing_adapter.sh"))
        #expect(!run.stderrText.contains("known-failure list yet"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/list.txt"))

        let unknown = try ShellInDirectory.run(
            "xds conformance --vectors '\(Self.vectors)' --cmd 'no-such-program-xds x' --area plist", in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("no-such-program-xds: command not found in PATH"))
    }

    /// An adapter whose `capabilities` works but every call crashes is found by the trivial calls before the run.
    @Test func anAdapterCrashingOnEveryCallStopsBeforeTheRun() throws {
        let run = try BuiltProducts.run(
            "xds", ["conformance", "--vectors", Self.vectors, "--cmd", Fixtures.adapter("segv"), "--area", "plist"])
        #expect(run.status == 2, "\(run.stderrText)")
        #expect(run.stderrText.contains("decode` ended with signal 11 (SIGSEGV)"))
        #expect(!run.stderrText.contains("FAIL adapter"))
    }

    /// An adapter that answers the preflight's trivial `decode` but crashes on every case of a run of ten or
    /// more does not run (exit 2, no list offered); one that crashes on the single case `--run` names is
    /// graded (exit 1, a crash line), so a one-case reproduction is never mistaken for a broken adapter.
    @Test func aRunWhereEveryOneOfTenOrMoreCasesCrashedStops() throws {
        let trivialTrue = "62706c697374303009080000000000000101000000000000000100000000000000000000000000000009"
        let adapter = """
            case "$1" in
            capabilities) echo '["decode"]' ;;
            decode) h=$(od -An -tx1 | tr -d ' \n')
              if [ "$h" = "\(trivialTrue)" ]; then echo '{"type":"bool","value":"true"}'; exit 0; fi
              echo 'cannot cope' >&2; exit 3 ;;
            *) cat >/dev/null; exit 1 ;;
            esac
            """
        let directory = try Self.directory(with: "adapter.sh", adapter)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let many = try ShellInDirectory.run(
            "xds conformance --vectors '\(Self.vectors)' --cmd 'sh adapter.sh' --run 'plist/invalid/*'", in: directory)
        #expect(many.status == 2, "\(many.stderrText)")
        #expect(many.stderrText.contains("the adapter does not run: every one of its"))
        #expect(!many.stderrText.contains("--write-known-failures"))
        let one = try ShellInDirectory.run(
            "xds conformance --vectors '\(Self.vectors)' --cmd 'sh adapter.sh' --run plist/invalid/one-byte",
            in: directory)
        #expect(one.status == 1, "\(one.stderrText)")
        #expect(one.stderrText.contains("plist/invalid/one-byte: crash (exit 3; standard error ends: cannot cope)"))
    }

    /// A crash line says why: here the exit status and the last line of standard error.
    @Test func aCrashLineShowsTheExitStatusAndTheLastLineOfStandardError() throws {
        let adapter = """
            case "$1" in
            capabilities) echo '["decode", "encode"]' ;;
            decode) cat >/dev/null; printf 'Traceback (most recent call last):\\n  oops\\nKeyError: 7\\n' >&2; exit 3 ;;
            *) cat >/dev/null; exit 1 ;;
            esac
            """
        let directory = try Self.directory(with: "adapter.sh", adapter)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ShellInDirectory.run(
            "xds conformance --vectors '\(Self.vectors)' --cmd 'sh adapter.sh' --run 'plist/valid/bool-true*'",
            in: directory)
        #expect(run.status == 1, "\(run.stderrText)")
        #expect(run.stderrText.contains("plist/valid/bool-true: crash (exit 3; standard error ends: KeyError: 7)"))
    }

    /// An `xds` away from any checkout finds no optional peer (`make peers` builds them inside one): asked only
    /// for peers, it tests nothing, says which are missing and why, and exits 2, never 0 with an empty report.
    @Test func aRunWhereNoRequestedImplementationIsInstalledStops() throws {
        let directory = try ShellInDirectory.makeDirectory("xds-no-peers")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: BuiltProducts.path(of: "xds"), toPath: directory + "/xds")
        let run = try ShellInDirectory.run(
            "./xds conformance --vectors '\(Self.vectors)' --impl rust-plist,dd-plist", in: directory)
        #expect(run.status == 2, "\(run.stderrText)")
        #expect(run.stderrText.contains("note: rust-plist: not installed"), "\(run.stderrText)")
        #expect(run.stderrText.contains("note: dd-plist: not installed"), "\(run.stderrText)")
        #expect(
            run.stderrText.contains("Error: nothing to test: none of the implementations asked for is installed here"))
        #expect(!run.stderrText.contains("known-failures"), "never offers to freeze a run that tested nothing")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    /// A run that tests nothing is an error, each with its own message.
    @Test func aRunThatTestsNothingFails() throws {
        let nothing = try BuiltProducts.run(
            "xds", ["conformance", "--vectors", Self.vectors, "--impl", "reference", "--run", "no/such/case"])
        #expect(nothing.status == 64, "\(nothing.stderrText)")
        #expect(nothing.stderrText.contains("selects no case"))

        let empty = try ShellInDirectory.makeDirectory("xds-no-manifest")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let noManifest = try BuiltProducts.run("xds", ["conformance", "--vectors", empty, "--impl", "reference"])
        #expect(noManifest.status == 74)
        #expect(noManifest.stderrText.contains("has no manifest.json, so it is not a vector set"))

        // A manifest that is not JSON, or is JSON of the wrong shape, is refused in the tool's words with
        // the place of the problem, never with Foundation's DecodingError text.
        _ = FileManager.default.createFile(atPath: empty + "/manifest.json", contents: Data("{\"vectors\": [}".utf8))
        let notJSON = try BuiltProducts.run("xds", ["conformance", "--vectors", empty, "--impl", "reference"])
        #expect(notJSON.status == 74)
        #expect(
            notJSON.stderrText.contains("manifest.json: not a valid manifest: not valid JSON"), "\(notJSON.stderrText)")
        _ = FileManager.default.createFile(atPath: empty + "/manifest.json", contents: Data("{\"vectors\": 3}".utf8))
        let wrongShape = try BuiltProducts.run("xds", ["conformance", "--vectors", empty, "--impl", "reference"])
        #expect(wrongShape.status == 74)
        for run in [notJSON, wrongShape] {
            #expect(!run.stderrText.contains("DecodingError") && !run.stderrText.contains("Debug description"))
        }
        try FileManager.default.removeItem(atPath: empty + "/manifest.json")

        let noDirectory = try BuiltProducts.run(
            "xds", ["conformance", "--vectors", empty + "/Vectors", "--impl", "reference"])
        #expect(noDirectory.status == 74)
        #expect(noDirectory.stderrText.contains("no such directory"))

        let noCall = try BuiltProducts.run(
            "xds",
            ["conformance", "--vectors", Self.vectors, "--cmd", Fixtures.adapter("version"), "--area", "icons"])
        #expect(noCall.status == 64, "\(noCall.stderrText)")
        #expect(noCall.stderrText.contains("none of the selected cases uses those calls"))
    }

    /// Standard error is not a terminal here (a pipe, as in CI): progress comes as lines, the last one complete.
    @Test func progressIsPrintedAsLinesInALog() throws {
        let run = try BuiltProducts.run(
            "xds", ["conformance", "--vectors", Self.vectors, "--impl", "reference", "--run", "plist/valid/bool-*"])
        #expect(run.status == 0, "\(run.stderrText)")
        let progress = run.stderrText.split(separator: "\n").filter { $0.hasPrefix("progress: ") }
        #expect(!progress.isEmpty)
        #expect(progress.last?.contains("(100 %)") == true)
        #expect(!run.stderrText.contains("\r"))
    }

    /// With more than one implementation each log line also says how many are done and how far each one under way
    /// is, so a CI log shows which implementation a slow run is in.
    @Test func progressInALogNamesEachImplementationUnderWay() throws {
        let run = try BuiltProducts.run(
            "xds",
            [
                "conformance", "--vectors", Self.vectors, "--impl", "reference,libplist", "--jobs", "1",
                "--run", "plist/valid/a*",
            ])
        #expect(run.status == 0, "\(run.stderrText)")
        let progress = run.stderrText.split(separator: "\n").filter { $0.hasPrefix("progress: ") }.map(String.init)
        let cases = try #require(
            progress.last.flatMap { line in line.firstMatch(of: /, (\d+) cases × 2 implementations/) })
        let perImplementation = Int(cases.1) ?? 0
        #expect(perImplementation > 10)
        #expect(progress.last?.hasSuffix("; 2 of 2 done") == true, "\(progress)")
        // One job runs the reference's cases first: a line while it is under way names it with its own count,
        // and a later line shows it done while libplist is under way.
        #expect(
            progress.contains { $0.contains("; 0 of 2 done; ") && $0.contains("/\(perImplementation)") }, "\(progress)")
        #expect(
            progress.contains { $0.contains("; 1 of 2 done; libplist ") && $0.hasSuffix("/\(perImplementation)") },
            "\(progress)")
    }

    /// The icon-loading area runs after the others, against its fixture server: its cases count in the same
    /// progress, so the total is the number of cases the run reports, and 100 % comes only at the end.
    @Test func progressCountsTheIconLoadingCases() throws {
        let run = try BuiltProducts.run(
            "xds",
            ["conformance", "--vectors", Self.vectors, "--impl", "reference", "--area", "attribute,icon-loading"])
        #expect(run.status == 0, "\(run.stderrText)")
        let ran = try #require(run.stderrText.firstMatch(of: /ran (\d+) cases × 1 implementations/))
        let cases = try #require(Int(ran.1))
        let progress = run.stderrText.split(separator: "\n").filter { $0.hasPrefix("progress: ") }
        #expect(progress.last == "progress: \(cases)/\(cases) case runs (100 %)"[...], "\(progress)")
        #expect(progress.filter { $0.contains("(100 %)") }.count == 1, "\(progress)")
    }
}
