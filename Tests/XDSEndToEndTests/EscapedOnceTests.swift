// Tests/XDSEndToEndTests/EscapedOnceTests.swift - An adapter's standard error is escaped once, by the one rule,
// on the terminal and in every report

import ChildProcess
import ConformanceModel
import Foundation
import Reporting
import TestSupport
import Testing

@Suite struct EscapedOnceTests {
    /// The adapter writes ESC, a literal backslash-x41 and a line break to standard error and exits 3 (a crash).
    /// The terminal's crash line, the JSON report's diagnostics and the HTML report all show `bad\x1B[2J\\x41`:
    /// ESC escaped once, the literal backslash escaped as `\\` so that it cannot pass for an escape.
    @Test func adapterStandardErrorIsEscapedOnceEverywhere() throws {
        let vectors = BuiltProducts.packageRoot.path + "/Vectors"
        // The preflight's trivial `decode` (bplist `true`) is answered, so the run grades the case.
        let trivialTrue = "62706c697374303009080000000000000101000000000000000100000000000000000000000000000009"
        let adapter = """
            case "$1" in
            capabilities) echo '["decode"]' ;;
            decode) h=$(od -An -tx1 | tr -d ' \\n')
              if [ "$h" = "\(trivialTrue)" ]; then echo '{"type":"bool","value":"true"}'; exit 0; fi
              printf 'bad\\033[2J\\\\x41\\n' >&2; exit 3 ;;
            *) cat >/dev/null; exit 1 ;;
            esac
            """
        let directory = try ShellInDirectory.makeDirectory("xds-escaped-once")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(adapter.utf8).write(to: URL(fileURLWithPath: directory + "/adapter.sh"))
        let run = try ShellInDirectory.run(
            "xds conformance --vectors '\(vectors)' --cmd 'sh adapter.sh' --run plist/valid/bool-false --json"
                + " --html report.html",
            in: directory)
        #expect(run.status == 1, "\(run.stderrText)")
        // The terminal: the crash line, escaped once.
        #expect(
            run.stderrText.contains(#"plist/valid/bool-false: crash (exit 3; standard error ends: bad\x1B[2J\\x41)"#),
            "\(run.stderrText)")
        #expect(!run.stderrText.contains(#"\\x1B"#), "\(run.stderrText)")
        #expect(!run.stderrText.utf8.contains(0x1B))
        // The JSON report: the escaped text with its line break kept.
        let report = try ConformanceJSON.decode(run.stdout)
        let result = try #require(report.runs.first?.results.first { $0.caseID == "plist/valid/bool-false" })
        #expect(result.diagnostics == #"bad\x1B[2J\\x41"# + "\n")
        // The HTML report's case details (the plist area's side file): the same text, entities only.
        let html = try String(contentsOfFile: directory + "/conformance-plist.html", encoding: .utf8)
        #expect(html.contains(#"<pre class="diagnostics">bad\x1B[2J\\x41"# + "\n</pre>"), "\(html.count) characters")
        #expect(!html.contains(#"\\x1B"#))
    }

    /// An adapter that does not run: the first lines of its standard error on the terminal, escaped once.
    @Test func standardErrorOfAnAdapterThatDoesNotRunIsEscapedOnce() throws {
        let vectors = BuiltProducts.packageRoot.path + "/Vectors"
        let adapter = """
            case "$1" in
            capabilities) printf 'bad\\033[2J\\\\x41\\n' >&2; exit 3 ;;
            esac
            """
        let directory = try ShellInDirectory.makeDirectory("xds-escaped-once")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(adapter.utf8).write(to: URL(fileURLWithPath: directory + "/adapter.sh"))
        let run = try ShellInDirectory.run(
            "xds conformance --vectors '\(vectors)' --cmd 'sh adapter.sh' --area plist", in: directory)
        #expect(run.status == 2, "\(run.stderrText)")
        #expect(run.stderrText.contains("\n    " + #"bad\x1B[2J\\x41"# + "\n"), "\(run.stderrText)")
        #expect(!run.stderrText.contains(#"\\x1B"#))
    }
}
