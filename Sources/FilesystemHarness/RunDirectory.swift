// Sources/FilesystemHarness/RunDirectory.swift - One run's private directory, its journal and its lock

import AttributeFiles
import ChildProcess
import Glibc

/// `BASE/run.XXXXXX` (mode 0711, inside the private `BASE`): a run's images, mount points and scratch
/// files, and `journal`, which says what the run is making and has made.
///
/// The owner holds an exclusive `flock` on the journal for as long as it lives (the kernel drops it
/// when the process dies, however it dies), so a journal that can be locked belongs to a dead run.
/// Creating and scanning run directories happens under a lock on `BASE` itself, so a run directory
/// is never seen before its journal is locked.
final class RunDirectory: @unchecked Sendable {
    /// The base, canonical (checked by `PrivateDirectory`).
    let base: String
    /// `run.XXXXXX`.
    let name: String
    /// The run directory, opened without following symlinks.
    let descriptor: Int32
    /// The journal, locked while this object lives.
    private let journal: Int32

    /// The canonical path of the run directory.
    var path: String { base + "/" + name }

    /// The canonical path of the entry `entry` (a safe name) of the run directory.
    func path(_ entry: String) -> String { path + "/" + entry }

    private init(base: String, name: String, descriptor: Int32, journal: Int32) {
        self.base = base
        self.name = name
        self.descriptor = descriptor
        self.journal = journal
    }

    deinit {
        close(journal)
        close(descriptor)
    }

    /// Makes a fresh run directory under `base` (creating `base` if needed) and locks its journal.
    static func create(base: String) throws(MountSafetyError) -> RunDirectory {
        let baseDescriptor = try PrivateDirectory.openOrCreate(base)
        defer { close(baseDescriptor) }
        flock(baseDescriptor, LOCK_EX)
        defer { flock(baseDescriptor, LOCK_UN) }
        let created = TemporaryDirectory.make(in: base, name: "run.")
        guard let created, let name = created.split(separator: "/").last.map(String.init) else {
            throw MountSafetyError(
                "cannot create a run directory in \(base): \(SystemErrno(rawValue: errno).description)")
        }
        let descriptor = openat(baseDescriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw MountSafetyError("cannot open \(created)") }
        fchmod(descriptor, 0o711)  // others may pass through to a mount point, never list or write
        let journal = openat(
            descriptor, "journal", O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard journal >= 0, flock(journal, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw MountSafetyError("cannot create the journal in \(created)")
        }
        let run = RunDirectory(base: base, name: name, descriptor: descriptor, journal: journal)
        run.append(line: "xds-run\tpid \(getpid())")
        return run
    }

    /// The run directories under `base` whose owner is dead, each with its journal now locked by this
    /// process; directories without a journal (a run killed while creating it) are removed when empty.
    /// Anything that is not exactly what a run makes (wrong owner, mode, symlink, name) is reported in
    /// `refused` and left alone.
    static func deadRuns(base: String) throws(MountSafetyError) -> (runs: [RunDirectory], refused: [String]) {
        try PrivateDirectory.checkAncestors(base)
        var info = stat()
        if lstat(base, &info) != 0 && errno == ENOENT { return ([], []) }
        let baseDescriptor = try PrivateDirectory.openOrCreate(base)
        defer { close(baseDescriptor) }
        flock(baseDescriptor, LOCK_EX)
        defer { flock(baseDescriptor, LOCK_UN) }
        var runs: [RunDirectory] = []
        var refused: [String] = []
        for name in entryNames(baseDescriptor) {
            guard name.hasPrefix("run."), PrivateDirectory.isSafeName(name) else {
                refused.append("\(base)/\(name): not a run directory; left alone")
                continue
            }
            let descriptor = openat(baseDescriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                refused.append("\(base)/\(name): not a directory (a symlink?); left alone")
                continue
            }
            do {
                try PrivateDirectory.checkPrivate(descriptor, base + "/" + name)
            } catch {
                close(descriptor)
                refused.append(error.message + "; left alone")
                continue
            }
            let journal = openat(descriptor, "journal", O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
            if journal < 0 {
                if errno == ENOENT, entryNames(descriptor).isEmpty {
                    unlinkat(baseDescriptor, name, AT_REMOVEDIR)
                } else {
                    refused.append("\(base)/\(name): no readable journal; left alone")
                }
                close(descriptor)
                continue
            }
            var journalInfo = stat()
            guard fstat(journal, &journalInfo) == 0, journalInfo.st_mode & S_IFMT == S_IFREG,
                journalInfo.st_uid == geteuid(), journalInfo.st_mode & 0o077 == 0
            else {
                close(journal)
                close(descriptor)
                refused.append("\(base)/\(name)/journal: not a private regular file; left alone")
                continue
            }
            guard flock(journal, LOCK_EX | LOCK_NB) == 0 else {  // its owner is alive
                close(journal)
                close(descriptor)
                continue
            }
            runs.append(RunDirectory(base: base, name: name, descriptor: descriptor, journal: journal))
        }
        return (runs, refused)
    }

    /// Appends one record (a single `write` with `O_APPEND`: whole lines even if the process dies).
    func append(_ record: JournalRecord) { append(line: record.line) }

    private func append(line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(journal, $0.baseAddress, $0.count) }
    }

    /// The journal's records; lines that do not parse are returned apart and never acted on.
    func records() -> (records: [JournalRecord], invalid: [String]) {
        let reader = openat(descriptor, "journal", O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard reader >= 0 else { return ([], []) }
        defer { close(reader) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        var records: [JournalRecord] = []
        var invalid: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst() {
            if let record = JournalRecord(line: line) { records.append(record) } else { invalid.append(String(line)) }
        }
        return (records, invalid)
    }

    /// Removes the journal and the run directory, which must hold nothing else; false if it does.
    func removeIfEmpty() -> Bool {
        guard entryNames(descriptor) == ["journal"] else { return false }
        guard let baseDescriptor = try? PrivateDirectory.openOrCreate(base) else { return false }
        defer { close(baseDescriptor) }
        unlinkat(descriptor, "journal", 0)
        return unlinkat(baseDescriptor, name, AT_REMOVEDIR) == 0
    }

    /// The entry names of an open directory (without `.` and `..`).
    func entryNames(_ directory: Int32) -> [String] { Self.entryNames(directory) }

    static func entryNames(_ directory: Int32) -> [String] {
        let duplicate = dup(directory)
        guard duplicate >= 0, let stream = fdopendir(duplicate) else { return [] }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
