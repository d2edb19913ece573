// Tests/FuzzCommonTests/MutationSampleTests.swift - mutation.py's draw stays put when the sources move

import Foundation
import TestSupport
import Testing

@Suite struct MutationSampleTests {
    /// Twelve BinaryPlist mutants and two DocumentSource ones; the script prints, one per line: the draw of 3, the
    /// draw of 5, the draw of 3 with an undrawn mutant removed, the draw of 3 from the list reversed, the draw of 3
    /// with seed 2.
    static let script = """
        import sys
        sys.path.insert(0, sys.argv[1])
        from mutation import sample

        def mutants(ids):
            return [{"id": i, "module": "BinaryPlist"} for i in ids] + [{"id": "d1", "module": "DocumentSource"},
                                                                      {"id": "d2", "module": "DocumentSource"}]

        ids = ["m%d" % n for n in range(12)]
        three = [m["id"] for m in sample(mutants(ids), 3, 1)]
        print(" ".join(three))
        print(" ".join(m["id"] for m in sample(mutants(ids), 5, 1)))
        gone = next(i for i in ids if i not in three)
        print(" ".join(m["id"] for m in sample(mutants([i for i in ids if i != gone]), 3, 1)))
        print(" ".join(m["id"] for m in sample(mutants(list(reversed(ids))), 3, 1)))
        print(" ".join(m["id"] for m in sample(mutants(ids), 3, 2)))
        """

    /// A draw depends on the seed and on which mutants exist, not on their order or on mutants it did not draw: an
    /// edit elsewhere in the sources leaves the committed sample in place (a shuffle of the whole list moved 34 of
    /// 200 mutants after one edit, 2026-12-07). A larger draw extends a smaller one.
    @Test func aDrawIsTheMutantsThatRankFirstForTheSeed() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.script, MutationPlatformLinesTests.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(lines.count == 5)
        let three = lines[0]
        #expect(three.count == 3 + 2, "three per module: \(three)")
        #expect(Array(lines[1].filter { $0.hasPrefix("m") }.prefix(3)) == three.filter { $0.hasPrefix("m") })
        #expect(lines[2] == three, "removing a mutant the draw did not take changed it")
        #expect(lines[3] == three, "the order of generation changed the draw")
        #expect(lines[4] != three, "another seed drew the same mutants")
    }
}
