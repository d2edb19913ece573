// Tests/FuzzCommonTests/MutationReachTests.swift - reach.py reads llvm-cov's lines and checks a sample against them

import Foundation
import TestSupport
import Testing

@Suite struct MutationReachTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting/mutation").path

    /// `llvm-cov show` text of two files, the second with line 3 shown twice (an instantiation's view that ran and
    /// one that did not); mutants on a ran line, a line that did not run and a line without a count; a committed
    /// sample that has a vectors kill on a line that never ran and a survivor there. Prints what reach.py makes of it.
    static let script = """
        import json, os, sys, tempfile
        sys.path.insert(0, sys.argv[1])
        import reach

        ROOT = reach.ROOT
        text = (f"{ROOT}/Sources/BinaryPlist/A.swift:\\n"
                "    1|       |// a comment\\n"
                "    2|     12|    let a = 1\\n"
                "    3|      0|    let b = 2\\n"
                "    4|  1.50k|    let c = 3\\n"
                f"{ROOT}/Sources/BinaryPlist/B.swift:\\n"
                "    3|      4|    x()\\n"
                "    3|      0|    x()\\n"
                "    5|      0|    y()\\n")
        with tempfile.TemporaryDirectory() as work:
            lines = os.path.join(work, "lines.txt")
            open(lines, "w").write(text)
            executed = reach.coverage_module().executed_lines(lines)
            a, b = executed[f"{ROOT}/Sources/BinaryPlist/A.swift"], executed[f"{ROOT}/Sources/BinaryPlist/B.swift"]
            print(sorted(a.items()), sorted(b.items()))
            mutants = [{"id": name * 16, "module": "BinaryPlist", "path": path, "line": line}
                       for name, path, line in (("a", "Sources/BinaryPlist/A.swift", 2),
                                                ("b", "Sources/BinaryPlist/A.swift", 3),
                                                ("c", "Sources/BinaryPlist/A.swift", 1),
                                                ("d", "Sources/BinaryPlist/B.swift", 3),
                                                ("e", "Sources/BinaryPlist/B.swift", 5))]
            for mutant in mutants:
                mutant["reach"] = reach.where(mutant, executed)
            print([m["reach"] for m in mutants])
            rows = [dict(mutant, verdict=verdict) for mutant, verdict in zip(
                mutants, ("killed-vectors", "killed-vectors", "killed-tests", "survived", "survived"))]
            rows.append({"id": "f" * 16, "module": "BinaryPlist", "path": "Sources/BinaryPlist/A.swift", "line": 9,
                         "verdict": "killed-tests"})
            json.dump({"command": "make mutation MUTANTS=6", "date": "2026-12-07T00:00:00Z", "mutants": rows},
                      open(os.path.join(work, "mutation.json"), "w"))
            check = reach.sample_check(mutants, work)
            print(check["matched"], check["sampled"], check["contradictions"], check["modules"]["BinaryPlist"])
        """

    /// A line counts as run when any view of it ran; a line without a count is `not-code`; a vectors kill on a line
    /// the vectors never ran is a contradiction, named; the sample's ceiling counts the reached scored mutants.
    @Test func readsLinesAndFindsAContradictionInTheSample() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.script, Self.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "[(2, True), (3, False), (4, True)] [(3, True), (5, False)]")
        #expect(lines.dropFirst().first == "['executed', 'not-executed', 'not-code', 'executed', 'not-executed']")
        #expect(
            lines.last
                == "5 6 ['bbbbbbbbbbbbbbbb Sources/BinaryPlist/A.swift:3'] {'scored': 5, 'reached': 3, "
                + "'killed_by_vectors': 2, 'ceiling': 60.0, 'vectors_score': 40.0, 'vectors_score_of_reached': 66.7}")
    }
}
