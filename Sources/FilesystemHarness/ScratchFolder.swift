// Sources/FilesystemHarness/ScratchFolder.swift - A private folder of probe objects that is removed afterwards

import Glibc
import XAttr

/// A uniquely named folder inside a probed directory; it remembers every object it made.
final class ScratchFolder {
    let path: String
    private var made: [(path: String, isFolder: Bool)] = []

    /// Creates `DIR/.xds-fs-probe.XXXXXX`.
    init(in directory: String) throws(ProbeFailure) {
        var template = Array((directory + "/.xds-fs-probe.XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let created else {
            throw ProbeFailure(
                "cannot create a scratch folder in \(directory): \(SystemErrno(rawValue: errno).description)")
        }
        path = created
    }

    /// A new empty regular file.
    func file(_ name: String) throws(ProbeFailure) -> String {
        let target = path + "/" + name
        let descriptor = open(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create", target) }
        close(descriptor)
        made.append((target, false))
        return target
    }

    /// A new empty folder.
    func folder(_ name: String) throws(ProbeFailure) -> String {
        let target = path + "/" + name
        guard mkdir(target, 0o755) == 0 else { throw failure("mkdir", target) }
        made.append((target, true))
        return target
    }

    /// A new symlink pointing at `destination` (relative to the scratch folder).
    func symlink(_ name: String, to destination: String) throws(ProbeFailure) -> String {
        let target = path + "/" + name
        guard Glibc.symlink(destination, target) == 0 else { throw failure("symlink", target) }
        made.append((target, false))
        return target
    }

    /// A new fifo.
    func fifo(_ name: String) throws(ProbeFailure) -> String {
        let target = path + "/" + name
        guard mkfifo(target, 0o644) == 0 else { throw failure("mkfifo", target) }
        made.append((target, false))
        return target
    }

    /// Removes everything made, newest first, then the folder; true when nothing is left.
    @discardableResult
    func removeAll() -> Bool {
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
