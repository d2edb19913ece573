// Tests/FilesystemHarnessTests/StateBase.swift - A private state base per test, and what is left under one

import Foundation
import Glibc

@testable import FilesystemHarness

/// A fresh state base under /run for one test (other tests and helpers run at the same time).
struct StateBase {
    let path = "/run/xds-fs-matrix-test-" + UUID().uuidString.prefix(8).lowercased()

    /// Mounts whose mount point is below the base.
    var mounts: [String] { MountTable.entries().map(\.mountPoint).filter { $0.hasPrefix(path + "/") } }

    /// Loop devices whose backing file is (or was, before deletion) below the base.
    var loopDevices: [String] {
        LoopDevices.attachedNames().filter { name in
            let backing = (try? String(contentsOfFile: "/sys/block/\(name)/loop/backing_file", encoding: .utf8)) ?? ""
            return backing.hasPrefix(path + "/")
        }
    }

    /// The entries of the base (run directories).
    var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }

    /// Everything still there, as lines (empty when nothing is left).
    var leftovers: [String] {
        mounts.map { "mounted: \($0)" } + loopDevices.map { "attached: /dev/\($0)" } + entries.map { "on disk: \($0)" }
    }

    /// Undoes what is left (the owners are dead by now) and removes the base.
    func remove() {
        _ = try? MatrixSafety.cleanLeftovers(base: path)
        rmdir(path)
    }
}
