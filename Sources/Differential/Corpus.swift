// Sources/Differential/Corpus.swift - The files of one or more corpus directories, deduplicated by content

import ConformanceModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One distinct input: its bytes and every path that holds them.
public struct CorpusInput: Hashable, Sendable {
    /// SHA-256 of the bytes, lower-case hex: the input's identity.
    public var sha256: String
    public var bytes: [UInt8]
    /// The files holding exactly these bytes, sorted.
    public var paths: [String]

    public init(sha256: String, bytes: [UInt8], paths: [String]) {
        self.sha256 = sha256
        self.bytes = bytes
        self.paths = paths
    }
}

/// Why a corpus could not be read.
public struct CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Reads corpora: every regular file under each directory (or a file named directly), hidden ones included.
public struct Corpus: Hashable, Sendable {
    /// The distinct inputs, smallest first (then by hash), so that a run and its report are in a stable order.
    public var inputs: [CorpusInput]
    /// Files read, duplicates included.
    public var fileCount: Int

    /// A file larger than this is refused: the vector set's own per-file bound (Docs/vectors.md, "Limits").
    public static let fileSizeLimit = 8 << 20

    public init(inputs: [CorpusInput], fileCount: Int) {
        self.inputs = inputs
        self.fileCount = fileCount
    }

    /// Reads every regular file under `roots`.
    /// - Throws: `CorpusError` for a root that does not exist, a file that cannot be read or is over the limit.
    public static func load(_ roots: [String]) throws(CorpusError) -> Corpus {
        var byHash: [String: CorpusInput] = [:]
        var fileCount = 0
        for root in roots {
            for path in try files(under: root) {
                let bytes = try read(path)
                fileCount += 1
                let hash = SHA256.hex(bytes)
                byHash[hash, default: CorpusInput(sha256: hash, bytes: bytes, paths: [])].paths.append(path)
            }
        }
        let inputs = byHash.values.map { input -> CorpusInput in
            var input = input
            input.paths.sort()
            return input
        }.sorted { ($0.bytes.count, $0.sha256) < ($1.bytes.count, $1.sha256) }
        return Corpus(inputs: inputs, fileCount: fileCount)
    }

    /// The regular files under `root` (or `root` itself), sorted; symbolic links are followed to files only.
    static func files(under root: String) throws(CorpusError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw CorpusError(path: root, "no such file or directory")
        }
        guard isDirectory.boolValue else { return [root] }
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw CorpusError(path: root, "cannot list the directory")
        }
        var found: [String] = []
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        while let relative = enumerator.nextObject() as? String {
            let path = base + "/" + relative
            // Regular files only (links followed): a FIFO or a device would block or never end.
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { found.append(path) }
        }
        return found.sorted()
    }

    private static func read(_ path: String) throws(CorpusError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CorpusError(path: path, "unreadable") }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: fileSizeLimit + 1)
        } catch {
            throw CorpusError(path: path, "unreadable")
        }
        let bytes = Array(data ?? Data())
        guard bytes.count <= fileSizeLimit else {
            throw CorpusError(path: path, "larger than \(fileSizeLimit) bytes, the per-file limit")
        }
        return bytes
    }
}
