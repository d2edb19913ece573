// Tests/FuzzCommonTests/MutationKillGroupTests.swift - mutation.py's kill_group ends every process below the child

import Foundation
import TestSupport
import Testing

@Suite struct MutationKillGroupTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting/mutation").path

    /// Starts a child in a group of its own (as mutation.py starts a judge) whose child moves to a session of its own
    /// and sleeps, then calls `kill_group` on the child: prints `escaped` once the grandchild is out of the child's
    /// group, then `gone` when it has ended (or become a zombie) within 2 s of the call, else `alive` (and kills it).
    static let script = """
        import os, subprocess, sys, time
        sys.path.insert(0, sys.argv[1])
        from mutation import kill_group

        GRANDCHILD = "import os; os.setsid(); print(os.getpid(), flush=True); os.execvp('sleep', ['sleep', '30'])"
        CHILD = "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', sys.argv[1]]); time.sleep(30)"

        def alive(pid):
            try:
                with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
                    return file.read().rsplit(")", 1)[1].split()[0] != "Z"
            except FileNotFoundError:
                return False

        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, GRANDCHILD], stdout=subprocess.PIPE, start_new_session=True)
        grandchild = int(child.stdout.readline())
        if alive(grandchild) and os.getpgid(grandchild) != os.getpgid(child.pid):
            print("escaped", flush=True)
        kill_group(child)
        child.wait()
        deadline = time.monotonic() + 2
        while alive(grandchild) and time.monotonic() < deadline:
            time.sleep(0.02)
        if alive(grandchild):
            os.kill(grandchild, 9)
            print("alive")
        else:
            print("gone")
        """

    /// A process that left the child's group with setsid (as `swift test`'s test binary leaves it, in a group of its
    /// own) is killed with the child: a runaway mutant's tests must not go on burning CPU after the judge's timeout.
    @Test func killGroupEndsADescendantInASessionOfItsOwn() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.script, Self.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "escaped\ngone\n")
    }
}
