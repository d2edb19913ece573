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

    /// rsync's exit statuses in turn (24: a listed file vanished before it was read); prints how many copies each
    /// sync made and whether it raised.
    static let vanishing = """
        import subprocess, sys, tempfile, types
        sys.path.insert(0, sys.argv[1])
        import mutation

        real = subprocess.run
        for statuses in ([24, 0], [24, 24, 24], [23]):
            copies = []
            def run(command, **options):
                if command[0] != "rsync":
                    return real(command, **options)
                copies.append(command)
                return types.SimpleNamespace(returncode=statuses[len(copies) - 1], args=command)
            mutation.subprocess.run = run
            tree = mutation.Tree(9)
            tree.root = tempfile.mkdtemp()
            tree.remove_stale = lambda listed: None
            try:
                tree.sync()
                print(len(copies), "ok")
            except subprocess.CalledProcessError as error:
                print(len(copies), "raised", error.returncode)
        """

    /// A file that vanishes while the copy is made (the checkout edited meanwhile) makes the sync list and copy again,
    /// up to three times; any other rsync failure stops it at once.
    @Test func aFileVanishingDuringTheCopyIsCopiedAgain() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.vanishing, Self.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "2 ok\n3 raised 24\n1 raised 23\n")
    }
}
