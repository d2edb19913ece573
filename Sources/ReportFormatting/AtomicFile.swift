// Sources/ReportFormatting/AtomicFile.swift - Replacing a file so a reader never sees half of it

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes whole files atomically.
public enum AtomicFile {
    /// Creates `path` and its missing parents (nothing when it exists): the one way reports, lists and
    /// candidates get their directory, refused in the tool's words (`FileFailure`).
    public static func makeDirectory(_ path: String) throws(ReportError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ReportError(path: path, "cannot create the directory: \(FileFailure.reason(error))")
        }
    }

    /// Removes the file at `path` (a report page a new run no longer writes), refused in the tool's words.
    public static func remove(_ path: String) throws(ReportError) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw ReportError(path: path, "cannot remove the file: \(FileFailure.reason(error))")
        }
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReportError(path: path, "cannot write the file: \(FileFailure.reason(error))")
        }
    }

    /// Writes `bytes` to the path made of exactly `pathBytes` (a path that is not UTF-8 names its own
    /// file, never a look-alike): a new temporary file beside it (`O_EXCL`, never through a symlink),
    /// `fsync`ed, renamed over it. `display` names the path in messages.
    public static func write(_ bytes: [UInt8], toPathBytes pathBytes: [UInt8], display: String) throws(ReportError) {
        guard !pathBytes.isEmpty, !pathBytes.contains(0) else { throw ReportError(path: display, "not a valid path") }
        let slash = pathBytes.lastIndex(of: UInt8(ascii: "/"))
        let directory: [UInt8] = slash.map { Array(pathBytes[...$0]) } ?? []
        let name = slash.map { Array(pathBytes[($0 + 1)...]) } ?? pathBytes
        let temporary =
            directory + Array(".".utf8) + name + Array(".\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp".utf8)
        func cString(_ path: [UInt8]) -> [CChar] { path.map { CChar(bitPattern: $0) } + [0] }
        let temporaryC = cString(temporary)
        let descriptor = open(temporaryC, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw ReportError(path: display, "cannot write the file: \(String(cString: strerror(errno)))")
        }
        var failure: String?
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporaryC, cString(pathBytes)) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporaryC)
            throw ReportError(path: display, "cannot write the file: \(failure)")
        }
    }
}
