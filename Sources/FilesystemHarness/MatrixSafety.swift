// Sources/FilesystemHarness/MatrixSafety.swift - Leftover mounts from an earlier run, and cleanup on a signal

import AttributeFiles
import Foundation

/// Keeps `make fs` from leaving mounts behind: a state file lists every mount the run made, so a
/// signal handler (SIGINT, SIGTERM, SIGHUP) and the next run can unmount and detach them.
public enum MatrixSafety {
    /// One line per mount: `mountpoint<TAB>loopdevice<TAB>directory`; the first line is the owner's pid.
    /// `XDS_FS_MATRIX_STATE` overrides it (tests use their own).
    public static let statePath =
        ProcessInfo.processInfo.environment["XDS_FS_MATRIX_STATE"] ?? "/tmp/xds-fs-matrix.state"
    /// The prefix `Mounts` uses for its mount folders.
    public static let mountPrefix = "/tmp/xds-mount-"

    /// Cleans what a dead earlier run left behind; refuses (throws) when another run is alive.
    /// - Parameter statePath: the state file (tests use their own).
    /// - Returns: one line per mount point cleaned.
    public static func cleanLeftovers(statePath: String = statePath) throws(ProbeFailure) -> [String] {
        guard let state = try? String(contentsOfFile: statePath, encoding: .utf8) else { return [] }
        var lines = state.split(separator: "\n").map(String.init)
        let owner = lines.isEmpty ? 0 : Int32(lines.removeFirst()) ?? 0
        if owner > 0, owner != getpid(), kill(owner, 0) == 0 {
            throw ProbeFailure(
                "another fs-matrix run (pid \(owner)) is using \(statePath); wait for it or stop it first")
        }
        let cleaned = teardown(lines)
        let stuck = Set(currentMountPoints()).intersection(
            lines.compactMap { $0.split(separator: "\t").first.map(String.init) })
        guard stuck.isEmpty else {
            throw ProbeFailure(
                "could not unmount \(stuck.sorted().joined(separator: ", ")); unmount it (umount -l) and run again")
        }
        try? FileManager.default.removeItem(atPath: statePath)
        return cleaned
    }

    /// Mount points under `Mounts`' prefix that are not listed in the state file (tests, other tools):
    /// reported, never touched.
    public static func foreignMounts() -> [String] {
        currentMountPoints().filter { $0.hasPrefix(mountPrefix) }
    }

    /// Starts a new state file owned by this process.
    public static func begin() {
        _ = FileManager.default.createFile(atPath: statePath, contents: Data("\(getpid())\n".utf8))
    }

    /// Records a mount as soon as it exists.
    public static func record(_ mount: MountedFilesystem) {
        let directory = (mount.mountPoint as NSString).deletingLastPathComponent
        let line = "\(mount.mountPoint)\t\(mount.loopDevice ?? "-")\t\(directory)\n"
        if let handle = FileHandle(forWritingAtPath: statePath) {
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            try? handle.close()
        }
    }

    /// The normal end: `Mounts` has torn everything down; the state file goes.
    public static func finish() { try? FileManager.default.removeItem(atPath: statePath) }

    /// On SIGINT, SIGTERM or SIGHUP: unmount and detach everything in the state file, then exit 128 + signal.
    public static func installSignalCleanup() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                FileHandle.standardError.write(Data("xds fs-matrix: signal \(signalNumber), cleaning up\n".utf8))
                _ = try? cleanLeftovers()
                exit(128 + signalNumber)
            }
            source.resume()
            retainedSources.append(source)
        }
    }

    nonisolated(unsafe) private static var retainedSources: [any DispatchSourceSignal] = []

    /// Unmounts (lazily when busy), detaches the loop device and removes the folder of each state line.
    static func teardown(_ lines: [String]) -> [String] {
        var cleaned: [String] = []
        let mounted = Set(currentMountPoints())
        for line in lines.reversed() {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3, fields[2].hasPrefix(mountPrefix) else { continue }
            if mounted.contains(fields[0]) {
                if (try? HostCommand.run("umount", [fields[0]])) == nil {
                    _ = try? HostCommand.run("umount", ["-l", fields[0]])
                }
                cleaned.append(fields[0])
            }
            if fields[1] != "-" { _ = try? HostCommand.run("losetup", ["-d", fields[1]]) }
            try? FileManager.default.removeItem(atPath: fields[2])
        }
        return cleaned
    }

    /// The mount points in /proc/self/mounts (octal escapes such as `\040` decoded).
    static func currentMountPoints() -> [String] {
        guard let table = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return [] }
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 1 ? MountField.unescape(fields[1]) : nil
        }
    }
}
