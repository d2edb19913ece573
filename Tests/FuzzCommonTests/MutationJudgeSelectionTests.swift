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
    /// whether a cached survivor stands: under the map it was judged with and without one, after a change to a part of
    /// the suite that did not judge it (another area, another module's tests) and to one that did, with fuzzing off
    /// and on; and whether a kill by the tests stands (while the vectors before them are unchanged) and one by the
    /// vectors (always).
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
        quiet = Judges()
        unfuzzed = mutation.judge(Tree(quiet), {"id": "7" * 64, "module": "BinaryPlist", "path": path, "line": 2},
                                  quiet, ["FuzzA", "FuzzB"], False, reach)
        with tempfile.TemporaryDirectory() as work:
            mutation.CACHE = work
            parts = {"vectors:plist": "p", "vectors:attribute": "a", "vectors:icons": "i", "vectors:icon-loading": "l",
                     "tests:BinaryPlist": "t", "tests:Icons": "x", "fuzz": "f"}
            mutation.part_fingerprint = lambda part: parts[part]
            for result in (results[2], results[3], results[4], full, unfuzzed):
                mutation.store(result)
            kill = {"id": "6" * 64, "module": "BinaryPlist", "judge": mutation.JUDGE_VERSION, "verdict": "killed-tests",
                    "judged": {"areas": ["plist"], "tests": True, "fuzz": ["FuzzA"], "fuzzed": True}}
            vectors_kill = dict(kill, id="5" * 64, verdict="killed-vectors")
            for result in (kill, vectors_kill):
                mutation.store(result)

            def stands(result, line, reach_map, fuzz=True):
                mutant = {"id": result["id"], "module": "BinaryPlist", "path": path, "line": line}
                return bool(mutation.cached(mutant, mutation.judges_needed(mutant, reach_map, ["FuzzA", "FuzzB"], fuzz)))
            print("cache:", stands(results[2], 2, reach), stands(results[2], 2, None), stands(full, 2, reach),
                  stands(results[4], 4, reach), stands(results[4], 4, None))
            parts.update({"tests:Icons": "x2", "vectors:attribute": "a2"})
            print("other parts changed:", stands(results[2], 2, reach), stands(results[3], 3, reach),
                  stands(full, 2, reach), stands(results[4], 4, reach))
            print("fuzzing:", stands(unfuzzed, 2, reach, fuzz=False), stands(unfuzzed, 2, reach))
            print("kills, other parts changed:", stands(kill, 2, reach), stands(vectors_kill, 2, reach))
            parts["vectors:plist"] = "p2"
            print("its area changed:", stands(results[2], 2, reach), stands(results[3], 3, reach))
            print("kills, their area changed:", stands(kill, 2, reach), stands(vectors_kill, 2, reach))
            parts["tests:BinaryPlist"] = "t2"
            print("its tests changed:", stands(results[3], 3, reach), stands(results[4], 4, reach))
        """

    /// The vectors run only in the areas that run the line, and not at all where none does; the tests and each
    /// fuzz target only where they run it; a line without a count runs every judge; a survivor of the vectors or the
    /// tests is judged once more after its file's objects are deleted, and a kill then says so; a survivor says which judges never ran its line, and a
    /// cached survivor stands only if it went to every judge it would go to now and none of those changed since; a
    /// cached kill by a later judge only while the judges before it are unchanged.
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
                "cache: True False True True False",
                "other parts changed: True True False True",
                "fuzzing: True False",
                "kills, other parts changed: True True",
                "its area changed: False True",
                "kills, their area changed: False True",
                "its tests changed: False True",
            ])
    }
}
