// Sources/ConformanceModel/VectorDirectory.swift - Loads Vectors/manifest.json and every vector's bytes, with the digest

import Foundation

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
    /// - Throws: `VectorDirectoryError` naming the file that is missing, unreadable or malformed, or a duplicate id.
    public static func load(directory: String) throws(VectorDirectoryError) -> VectorDirectory {
        let manifestPath = directory + "/manifest.json"
        let manifestBytes = try readFile(manifestPath)
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(manifestBytes))
        } catch {
            throw VectorDirectoryError(path: manifestPath, "not a valid manifest: \(error)")
        }
        var seen = Set<String>()
        var vectors: [Vector] = []
        var files: [(String, [UInt8])] = [("manifest.json", manifestBytes)]
        for metadata in manifest.vectors {
            guard seen.insert(metadata.id).inserted else {
                throw VectorDirectoryError(path: manifestPath, "duplicate vector id '\(metadata.id)'")
            }
            let input = try readFile(ManifestPaths.resolve(metadata.input, in: directory, manifest: manifestPath))
            files.append((metadata.input, input))
            var expected: [UInt8]?
            if let expectedPath = metadata.expected {
                let bytes = try readFile(ManifestPaths.resolve(expectedPath, in: directory, manifest: manifestPath))
                files.append((expectedPath, bytes))
                expected = bytes
            }
            var further: [String: [UInt8]] = [:]
            for path in metadata.files ?? [] {
                let bytes = try readFile(ManifestPaths.resolve(path, in: directory, manifest: manifestPath))
                files.append((path, bytes))
                further[path] = bytes
            }
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

    private static func readFile(_ path: String) throws(VectorDirectoryError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VectorDirectoryError(path: path, "missing or unreadable")
        }
        return [UInt8](data)
    }
}
