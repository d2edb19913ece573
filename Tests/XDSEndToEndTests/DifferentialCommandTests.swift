// Tests/XDSEndToEndTests/DifferentialCommandTests.swift - `xds differential`: clusters, smallest representatives,
// candidate vectors and exit statuses, on a fixture corpus with two adapters that disagree in known ways

import ChildProcess
import Differential
import Foundation
import ReportFormatting
import TestSupport
import Testing

@Suite struct DifferentialCommandTests {
    /// An adapter that rejects every input containing the byte `R` (and accepts the rest as the reference reads
    /// them): a reject-vs-accept disagreement wherever the reference accepts such an input.
    static let rejectsR = """
        #!/bin/sh
        case "$1" in
          capabilities) echo '["decode"]'; exit 0 ;;
          decode) input=$(cat | od -An -c); case "$input" in *R*) exit 1 ;; esac
            printf '{ "value": "x", "type": "string" }' ; exit 0 ;;
        esac
        exit 64
        """

    /// A Python adapter that accepts every input as the string "x" (spelt otherwise than the shell adapter
    /// does: values are compared, not text), except those starting with `C`, on which it crashes by a signal,
    /// and those starting with `V`, which it reads as "y".
    static let crashesOnC = """
        import os, signal, sys
        call = sys.argv[1]
        if call == "capabilities":
            print('["decode"]'); sys.exit(0)
        data = sys.stdin.buffer.read()
        if data.startswith(b"C"):
            os.kill(os.getpid(), signal.SIGSEGV)
        if data.startswith(b"V"):
            sys.stdout.write('{"type":"string","value":"y"}'); sys.exit(0)
        sys.stdout.write('{"type":"string","value":"x"}'); sys.exit(0)
        """

    /// The corpus: two `R` inputs of different sizes (one cluster, the smaller represents it), a `C` input (a
    /// crash cluster), a `V` input (two values), a duplicate file (counted once), and inputs both read alike.
    static func corpus(in directory: String) throws {
        let files: [(String, String)] = [
            ("a/long-R.txt", "RRRRRRRRRR"), ("a/short-R.txt", "xR"), ("b/crash.txt", "Crash"),
            ("b/same-1.txt", "hello"), ("b/same-2.txt", "world"), ("b/value.txt", "Value"),
            ("b/dup-of-short-R.txt", "xR"),
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: directory + "/corpus/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func fixture() throws -> String {
        let directory = try ShellInDirectory.makeDirectory("xds-differential")
        try Data(rejectsR.utf8).write(to: URL(fileURLWithPath: directory + "/rejects_r.sh"))
        try Data(crashesOnC.utf8).write(to: URL(fileURLWithPath: directory + "/crashes_on_c.py"))
        try corpus(in: directory)
        return directory
    }

    @Test func disagreementsAreClusteredBySignatureWithTheSmallestInputKept() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ShellInDirectory.run(
            "xds differential corpus --cmd 'sh rejects_r.sh' --name rejects-r --cmd 'python3 crashes_on_c.py'"
                + " --name crashes-c --out out --candidates candidates --json",
            in: directory)
        #expect(run.status == 1, "\(run.stderrText)")
        let report = try ReportJSON.decode(DifferentialReport.self, from: run.stdout, path: "stdout")
        #expect(report.files == 7)
        #expect(report.inputs == 6)
        #expect(report.agreed == 2)
        #expect(report.implementations.map(\.name) == ["rejects-r", "crashes-c"])
        #expect(report.clusters.count == 3)
        let values = try #require(report.clusters.first { $0.sides.contains { $0.value != nil } })
        #expect(values.signature == "rejects-r: accept (value 1) | crashes-c: accept (value 2)")
        let rejecting = try #require(report.clusters.first { $0.sides.contains { $0.verdict == "reject" } })
        #expect(rejecting.size == 2)
        #expect(rejecting.representative.size == 2)
        #expect(rejecting.representative.hex == "7852")
        #expect(rejecting.representative.paths == ["corpus/a/short-R.txt", "corpus/b/dup-of-short-R.txt"])
        #expect(rejecting.signature == "rejects-r: reject | crashes-c: accept")
        let crashing = try #require(report.clusters.first { $0.sides.contains { $0.verdict == "crash (signal)" } })
        #expect(crashing.size == 1)
        #expect(crashing.signature == "rejects-r: accept | crashes-c: crash (signal)")
        #expect(crashing.answers.map(\.answer) == ["accept", "crash (signal)"])
        // Clusters are ordered largest first; ids are the signature's hash.
        #expect(report.clusters.first?.id == rejecting.id)
        #expect(rejecting.id == Clustering.id(of: rejecting.signature))

        for name in ["differential.json", "differential.md", "differential.html"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/out/" + name), "\(name)")
        }
        let markdown = try String(contentsOfFile: directory + "/out/differential.md", encoding: .utf8)
        #expect(markdown.contains("## \(crashing.id)"))
        // `xds report` renders the same files from the JSON alone.
        let rendered = try ShellInDirectory.run("xds report --in out --out again --only differential", in: directory)
        #expect(rendered.status == 0, "\(rendered.stderrText)")
        for name in ["differential.json", "differential.md", "differential.html"] {
            #expect(
                FileManager.default.contents(atPath: directory + "/again/" + name)
                    == FileManager.default.contents(atPath: directory + "/out/" + name), "\(name)")
        }
        let candidate = directory + "/candidates/" + rejecting.id
        #expect(FileManager.default.contents(atPath: candidate + "/input.bplist") == Data("xR".utf8))
        let entry = try String(contentsOfFile: candidate + "/manifest-entry.json", encoding: .utf8)
        #expect(entry.contains("\"differential\""))
        #expect(entry.contains("plist/regressions/\(rejecting.id)"))
        #expect(FileManager.default.fileExists(atPath: candidate + "/answers.json"))
    }

    /// Two implementations that agree on everything: exit 0, no cluster.
    @Test func agreementExitsZero() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ShellInDirectory.run(
            "xds differential corpus/b/same-1.txt corpus/b/same-2.txt --cmd 'sh rejects_r.sh' --name one"
                + " --cmd 'python3 crashes_on_c.py' --name two",
            in: directory)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("2 inputs agreed everywhere; 0 disagree, in 0 clusters"))
    }

    @Test func exitStatusesForUsageMissingCorpusAndAnAdapterThatDoesNotRun() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = try ShellInDirectory.run(
            "xds differential no-such-dir --cmd 'sh rejects_r.sh' --cmd 'python3 crashes_on_c.py'", in: directory)
        #expect(missing.status == 74, "\(missing.stderrText)")
        #expect(missing.stderrText.contains("no-such-dir: no such file or directory"))
        let broken = try ShellInDirectory.run(
            "xds differential corpus --cmd 'sh rejects_r.sh' --cmd 'sh no_such_adapter.sh'", in: directory)
        #expect(broken.status == 2, "\(broken.stderrText)")
        let one = try ShellInDirectory.run("xds differential corpus --cmd 'sh rejects_r.sh'", in: directory)
        #expect(one.status == 64, "\(one.stderrText)")
        let none = try ShellInDirectory.run("xds differential --impl reference", in: directory)
        #expect(none.status == 64)
    }
}
