// Tests/FuzzCommonTests/MutationScratchCopyTests.swift - mutation.py's scratch copy keeps only the checkout's files

import Foundation
import TestSupport
import Testing

@Suite struct MutationScratchCopyTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting/mutation").path

    /// Fills a scratch copy with a file the checkout still has, sources it no longer has (a moved file beside a kept
    /// one, a folder whose only file is gone, an empty folder) and what its .gitignore ignores (builds, findings),
    /// runs `remove_stale` with the checkout's list, and prints every path that is left.
    static let script = """
        import os, shutil, sys, tempfile
        sys.path.insert(0, sys.argv[1])
        from mutation import Tree

        root = tempfile.mkdtemp()
        for path in ["Package.swift", "Sources/Kept/Kept.swift", "Sources/Kept/Moved.swift",
                     "Sources/Gone/Gone.swift", ".build/debug/Kept.o", "FuzzTesting/.build/out",
                     "FuzzTesting/artifacts/crash-1"]:
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            open(os.path.join(root, path), "w").close()
        os.makedirs(os.path.join(root, "Sources/Empty/Inner"))
        tree = Tree(0)
        tree.root = root
        tree.remove_stale({"Package.swift", "Sources/Kept/Kept.swift", "Sources/Kept/Folder/Moved.swift"})
        left = []
        for directory, subdirectories, names in os.walk(root):
            left += [os.path.relpath(os.path.join(directory, n), root) for n in names + subdirectories]
        shutil.rmtree(root)
        print("\\n".join(sorted(left)))
        """

    /// After a target regrouping the fuzz-detection copy still held the old folders, and its fuzz build failed; a
    /// moved file left behind would compile twice. The builds and findings the .gitignore names stay.
    @Test func filesTheCheckoutNoLongerHasAreRemovedAndIgnoredOnesKept() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.script, Self.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        let expected = [
            ".build", ".build/debug", ".build/debug/Kept.o", "FuzzTesting", "FuzzTesting/.build",
            "FuzzTesting/.build/out", "FuzzTesting/artifacts", "FuzzTesting/artifacts/crash-1", "Package.swift",
            "Sources", "Sources/Kept", "Sources/Kept/Kept.swift",
        ]
        #expect(result.stdoutText == expected.joined(separator: "\n") + "\n")
    }
}
