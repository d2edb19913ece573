// Tests/FuzzCommonTests/MutationJudgeSelectionTests.swift - make mutation runs a judge only where it runs the line

import Foundation
import TestSupport
import Testing

@Suite struct MutationJudgeSelectionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting/mutation").path

    /// A reach map of one file: line 2 runs in the plist area and FuzzA's campaign, line 3 in the module's tests and
    /// FuzzB's campaign, line 4 in nothing, line 9 has no count anywhere. judge() runs with judges that record their
    /// calls and kill nothing (then once with tests that fail only after the mutant's file is compiled afresh);
    /// prints, per line, the areas asked for, the judges called, the verdict's detail and what it skipped; then
    /// whether a cached survivor that skipped a judge stands under the same map, another map, and no map.
    static let script = """
        import json, os, sys, tempfile
        sys.path.insert(0, sys.argv[1])
        import judge_reach, mutation

        path = "Sources/BinaryPlist/A.swift"
        counted = [2, 3, 4]
        units = {"vectors:plist": {path: {"ran": [2], "counted": counted}},
                 "vectors:attribute": {path: {"ran": [], "counted": counted}},
                 "vectors:icons": {path: {"ran": [], "counted": counted}},
                 "vectors:icon-loading": {path: {"ran": [], "counted": counted}},
                 "tests:BinaryPlist": {path: {"ran": [3], "counted": counted}},
                 "fuzz:FuzzA": {path: {"ran": [2], "counted": counted}},
                 "fuzz:FuzzB": {path: {"ran": [3], "counted": counted}}}
        reach = judge_reach.ReachMap("k" * 64, units, fuzz_seconds=15)

        class Tree:
            def __init__(self, judges): self.judges = judges
            def apply(self, mutant): pass
            def restore(self): pass
            def forget_objects(self, mutant): self.judges.calls.append("forget")

        class Judges:
            def __init__(self): self.calls = []
            def build(self): self.calls.append("build"); return 0, 0.0, ""
            def vectors(self, areas=None): self.calls.append(f"vectors{areas}"); return False, 0.0, ""
            def build_tests(self): self.calls.append("build-tests"); return 0, 0.0, ""
            def tests(self, module):
                self.calls.append("tests")
                return self.calls.count("tests") == 2 and self.stale, 0.0, "swift test: 1: a test failed"
            stale = False
            def build_fuzz(self): self.calls.append("build-fuzz"); return 0, 0.0, ""
            def fuzz(self, targets): self.calls.append(f"fuzz{targets}"); return False, 0.0, ""

        results = {}
        for line in (2, 3, 4, 9):
            mutant = {"id": f"{line}" * 64, "module": "BinaryPlist", "path": path, "line": line}
            judges = Judges()
            result = mutation.judge(Tree(judges), mutant, judges, ["FuzzA", "FuzzB"], True, reach)
            results[line] = result
            print(line, reach.vectors_areas(mutant), judges.calls, result["verdict"], repr(result["detail"]),
                  result.get("skipped"))
        full = mutation.judge(Tree(Judges()), {"id": "9" * 64, "module": "BinaryPlist", "path": path, "line": 2},
                              Judges(), ["FuzzA", "FuzzB"], True, None)
        print("no map:", "skipped" in full, full.get("reach"))
        stale = Judges()
        stale.stale = True
        late = mutation.judge(Tree(stale), {"id": "8" * 64, "module": "BinaryPlist", "path": path, "line": 3},
                              stale, ["FuzzA", "FuzzB"], True, reach)
        print("stale build:", stale.calls, late["verdict"], repr(late["detail"]), sorted(late["steps"]))
        with tempfile.TemporaryDirectory() as work:
            mutation.CACHE = work
            mutation.suite_fingerprint = lambda: "suite"
            for result in (results[4], full):
                mutation.store(result)
            skipped, judged = {"id": results[4]["id"]}, {"id": full["id"]}
            print("cache:", bool(mutation.cached(skipped, True, reach.key)),
                  bool(mutation.cached(skipped, True, "other")), bool(mutation.cached(skipped, True, None)),
                  bool(mutation.cached(judged, True, "other")), bool(mutation.cached(judged, True, None)))
        """

    /// The vectors run only in the areas that run the line, and not at all where none does; the tests and each
    /// fuzz target only where they run it; a line without a count runs every judge; a survivor of the vectors or the
    /// tests is judged once more after its file's objects are deleted, and a kill then says so; a survivor says which judges never ran its line, and a
    /// cached survivor that skipped a judge stands only under the same reach map (one judged by every judge, always).
    @Test func runsEachJudgeOnlyWhereItRunsTheLine() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.script, Self.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("mutation:") }
        #expect(
            lines == [
                "2 ['plist'] ['build', \"vectors['plist']\", 'forget', 'build', \"vectors['plist']\", 'build-fuzz', "
                    + "\"fuzz['FuzzA']\"] survived 'its line never runs in BinaryPlistTests' ['tests']",
                "3 [] ['build', 'build-tests', 'tests', 'forget', 'build', 'build-tests', 'tests', 'build-fuzz', "
                    + "\"fuzz['FuzzB']\"] survived 'its line never runs in the vectors' ['vectors']",
                "4 [] ['build'] survived 'its line never runs in the vectors, BinaryPlistTests or the fuzz campaigns' "
                    + "['vectors', 'tests', 'fuzzing']",
                "9 ['plist', 'attribute', 'icons', 'icon-loading'] ['build', 'vectorsNone', 'build-tests', 'tests', "
                    + "'forget', 'build', 'vectorsNone', 'build-tests', 'tests', 'build-fuzz', "
                    + "\"fuzz['FuzzA', 'FuzzB']\"] survived '' None",
                "no map: False None",
                "stale build: ['build', 'build-tests', 'tests', 'forget', 'build', 'build-tests', 'tests'] killed-tests "
                    + "'after a rebuild of its file (not before): swift test: 1: a test failed' "
                    + "['build', 'build-tests', 'build-tests-again', 'rebuild', 'tests', 'tests-again']",
                "cache: True False False True True",
            ])
    }
}
