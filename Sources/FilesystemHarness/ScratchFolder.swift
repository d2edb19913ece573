// Sources/FilesystemHarness/ScratchFolder.swift - A private folder of probe objects that is removed afterwards

import AttributeFiles
import ChildProcess
import Glibc

/// A uniquely named folder inside a probed directory; it remembers every object it made.
///
/// Making and removing objects are `TerminationCleanup` steps, and the folder registers its removal with
/// the guard, so SIGINT, SIGTERM or SIGHUP (in a command that installed the guard) removes it too.
/// (`@unchecked Sendable`: its state changes only inside steps, which the guard's cleanup excludes.)
final class ScratchFolder: @unchecked Sendable {
    let path: String
    private var made: [(path: String, isFolder: Bool)] = []
    private var guardToken: Int?

    /// Creates `DIR/.xds-fs-probe.XXXXXX`.
    init(in directory: String) throws(ProbeFailure) {
        // One step: a signal either comes before the folder exists or finds its removal registered.
        TerminationCleanup.hold()
        defer { TerminationCleanup.release() }
        guard let created = TemporaryDirectory.make(in: directory, name: ".xds-fs-probe.") else {
            throw ProbeFailure(
                "cannot create a scratch folder in \(directory): \(SystemErrno(rawValue: errno).description)")
        }
        path = created
        guardToken = TerminationCleanup.register { [self] in _ = removeMade() }
    }

    /// A new empty regular file.
    func file(_ name: String) throws(ProbeFailure) -> String {
        try make(name, isFolder: false) { target in
            let descriptor = open(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return "create" }
            close(descriptor)
            return nil
        }
    }

    /// A new empty folder.
    func folder(_ name: String) throws(ProbeFailure) -> String {
        try make(name, isFolder: true) { mkdir($0, 0o755) == 0 ? nil : "mkdir" }
    }

    /// A new symlink pointing at `destination` (relative to the scratch folder).
    func symlink(_ name: String, to destination: String) throws(ProbeFailure) -> String {
        try make(name, isFolder: false) { Glibc.symlink(destination, $0) == 0 ? nil : "symlink" }
    }

    /// A new fifo.
    func fifo(_ name: String) throws(ProbeFailure) -> String {
        try make(name, isFolder: false) { mkfifo($0, 0o644) == 0 ? nil : "mkfifo" }
    }

    /// Makes `path/name` with `create` (which returns the failed operation's name, or nil) as one step,
    /// and remembers it.
    private func make(_ name: String, isFolder: Bool, _ create: (String) -> String?) throws(ProbeFailure) -> String {
        try TerminationCleanup.step { () throws(ProbeFailure) -> String in
            let target = path + "/" + name
            if let operation = create(target) { throw failure(operation, target) }
            made.append((target, isFolder))
            return target
        }
    }

    /// Removes everything made, newest first, then the folder; true when nothing is left.
    @discardableResult
    func removeAll() -> Bool {
        TerminationCleanup.step {
            if let token = guardToken {
                TerminationCleanup.unregister(token)
                guardToken = nil
            }
            return removeMade()
        }
    }

    private func removeMade() -> Bool {
        for entry in made.reversed() {
            _ = entry.isFolder ? rmdir(entry.path) : unlink(entry.path)
        }
        made.removeAll()
        _ = rmdir(path)
        var info = stat()
        return lstat(path, &info) != 0 && errno == ENOENT
    }

    private func failure(_ operation: String, _ target: String) -> ProbeFailure {
        ProbeFailure("\(operation) \(target): \(SystemErrno(rawValue: errno).description)")
    }
}

/// Deterministic attribute values: a `bplist00` prefix, then bytes that include NUL and 0xFF.
public enum ProbeValue {
    public static func bytes(_ count: Int) -> [UInt8] {
        let prefix = Array("bplist00".utf8)
        return (0..<count).map { index in
            index < prefix.count ? prefix[index] : UInt8(truncatingIfNeeded: index &* 131 &+ index >> 8)
        }
    }
}
