// Sources/ConformanceModel/VectorDirectory.swift - Loads Vectors/manifest.json and every vector's bytes, with the digest

import Foundation
import ReportFormatting

/// The vector set could not be loaded.
public struct VectorDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}

/// One vector: its metadata, its input bytes, when it has one its expected-result bytes, and the further files
/// its metadata lists (by their path relative to the vectors directory).
public struct Vector: Sendable, Hashable {
    public var metadata: VectorMetadata
    public var input: [UInt8]
    public var expected: [UInt8]?
    public var files: [String: [UInt8]]

    public init(metadata: VectorMetadata, input: [UInt8], expected: [UInt8]?, files: [String: [UInt8]] = [:]) {
        self.metadata = metadata
        self.input = input
        self.expected = expected
        self.files = files
    }
}

/// Every vector of a directory laid out as Docs/vectors.md says.
public struct VectorDirectory: Sendable {
    public var directory: String
    public var manifest: Manifest
    public var vectors: [Vector]
    /// The set's version and its SHA-256, `<suiteVersion>/sha256:<hex>`, as reports record it: the version is the
    /// manifest's `suiteVersion`, the hash covers the manifest and every file it names (see `computeDigest`).
    public var digest: String

    public init(directory: String, manifest: Manifest, vectors: [Vector], digest: String) {
        self.directory = directory
        self.manifest = manifest
        self.vectors = vectors
        self.digest = digest
    }

    /// Reads `directory/manifest.json` and every input, expected and further file it lists.
    /// - Throws: `VectorDirectoryError` naming the file that is missing, unreadable, not a regular file, over
    ///   ``VectorLimits/maxFileBytes`` or malformed (and the vector that lists it), a duplicate id, or the vector
    ///   whose files take the set over ``VectorLimits/maxSetBytes``.
    public static func load(directory: String) throws(VectorDirectoryError) -> VectorDirectory {
        let manifestPath = directory + "/manifest.json"
        let manifestBytes = try readFile(manifestPath, listedBy: nil)
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(manifestBytes))
        } catch {
            throw VectorDirectoryError(path: manifestPath, "not a valid manifest: \(JSONDecodingProblem.text(error))")
        }
        var seen = Set<String>()
        var vectors: [Vector] = []
        var files: [(String, [UInt8])] = [("manifest.json", manifestBytes)]
        var setBytes = SetBytes(total: manifestBytes.count)
        for metadata in manifest.vectors {
            guard seen.insert(metadata.id).inserted else {
                throw VectorDirectoryError(path: manifestPath, "duplicate vector id '\(metadata.id)'")
            }
            func read(_ relative: String) throws(VectorDirectoryError) -> [UInt8] {
                let path = try ManifestPaths.resolve(relative, in: directory, manifest: manifestPath)
                let bytes = try readFile(path, listedBy: metadata.id)
                try setBytes.add(relative, bytes.count, vector: metadata.id, path: path)
                files.append((relative, bytes))
                return bytes
            }
            let input = try read(metadata.input)
            let expected = try metadata.expected.map { (path) throws(VectorDirectoryError) in try read(path) }
            var further: [String: [UInt8]] = [:]
            for path in metadata.files ?? [] { further[path] = try read(path) }
            vectors.append(Vector(metadata: metadata, input: input, expected: expected, files: further))
        }
        return VectorDirectory(
            directory: directory, manifest: manifest, vectors: vectors,
            digest: versionedDigest(suiteVersion: manifest.suiteVersion, hex: computeDigest(files)))
    }

    /// `<suiteVersion>/sha256:<hex>`: the digest line of every report names the vector set's version with its hash.
    public static func versionedDigest(suiteVersion: String, hex: String) -> String {
        suiteVersion + "/sha256:" + hex
    }

    /// The set's bytes so far, each path counted once.
    private struct SetBytes {
        var total: Int
        var counted: Set<String> = []

        mutating func add(_ relative: String, _ count: Int, vector: String, path: String) throws(VectorDirectoryError) {
            guard counted.insert(relative).inserted else { return }
            total += count
            guard total <= VectorLimits.maxSetBytes else {
                throw VectorDirectoryError(
                    path: path,
                    "vector '\(vector)': the set's files reach \(total) bytes, over the limit of "
                        + "\(VectorLimits.maxSetBytes) bytes per vector set")
            }
        }
    }

    /// SHA-256 over, for each file sorted by relative path: the path's UTF-8, a 0 byte, the length in
    /// decimal, a 0 byte and the bytes. Independent of manifest order and of the directory's location.
    public static func computeDigest(_ files: [(String, [UInt8])]) -> String {
        var hasher = SHA256()
        var unique: [String: [UInt8]] = [:]
        for (path, bytes) in files { unique[path] = bytes }
        for path in unique.keys.sorted() {
            let bytes = unique[path] ?? []
            hasher.update(Array(path.utf8) + [0] + Array(String(bytes.count).utf8) + [0])
            hasher.update(bytes)
        }
        return hasher.hexDigest()
    }

    /// Reads a regular file of at most ``VectorLimits/maxFileBytes``, checking its size on the open descriptor
    /// before reading (a sparse 1 GB file is refused without a byte of it in memory); a file that grows while
    /// it is read is refused too. `vector` names the vector that lists it.
    private static func readFile(_ path: String, listedBy vector: String?) throws(VectorDirectoryError) -> [UInt8] {
        let owner = vector.map { "vector '\($0)': " } ?? ""
        // O_NONBLOCK: opening a FIFO returns at once (and is refused below) instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw VectorDirectoryError(path: path, owner + "missing or unreadable") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw VectorDirectoryError(path: path, owner + "not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= VectorLimits.maxFileBytes else {
            throw VectorDirectoryError(
                path: path, owner + "\(size) bytes, over the limit of \(VectorLimits.maxFileBytes) bytes per file")
        }
        // One byte more than the size: reading it means the file grew.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw VectorDirectoryError(path: path, owner + "missing or unreadable") }
            if count == 0 { break }
            filled += count
        }
        guard filled <= size else { throw VectorDirectoryError(path: path, owner + "changed while being read") }
        return Array(bytes.prefix(filled))
    }
}
