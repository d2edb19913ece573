// Sources/FilesystemHarness/MatrixSafety.swift - What killed runs left behind, and cleanup on a signal

import ChildProcess
import Foundation

/// Keeps `make fs` (and every mount test) from leaving mounts, loop devices or images behind.
///
/// Each run keeps its images, mount points and journal in a private run directory (`MountSession`);
/// a signal undoes the run (`TerminationCleanup`), and `cleanLeftovers` undoes runs that died without
/// cleaning up (SIGKILL, a crash), after checking that each thing is still what that run made.
public enum MatrixSafety {
    /// Undoes every run under `base` whose owner is dead (its journal lock is free), then removes its
    /// run directory. Live runs (tests, another `fs-matrix`) are not touched.
    public static func cleanLeftovers(base: String = MountSession.defaultBase) throws(MountSafetyError)
        -> UndoReport
    {
        let (runs, refused) = try RunDirectory.deadRuns(base: base)
        var report = UndoReport(undone: [], leftAlone: refused)
        for run in runs {
            let undone = RunUndo.undo(run)
            report.undone += undone.undone
            report.leftAlone += undone.leftAlone
            if undone.leftAlone.isEmpty, !run.removeIfEmpty() {
                report.leftAlone.append("\(run.path): holds entries its journal does not name; left alone")
            }
        }
        return report
    }

    /// On SIGINT, SIGTERM or SIGHUP: wait for the step in flight, undo every session, exit 128 + signal.
    public static func installSignalCleanup() {
        TerminationCleanup.install(ending: .byExitStatus(program: "xds fs-matrix"))
    }

    /// The mount points in /proc/self/mountinfo.
    static func currentMountPoints() -> [String] { MountTable.entries().map(\.mountPoint) }
}
