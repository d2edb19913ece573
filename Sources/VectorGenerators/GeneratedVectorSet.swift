// Sources/VectorGenerators/GeneratedVectorSet.swift - Every generated vector, and how they land in Vectors/

import ConformanceModel
import Foundation

/// The generator's own inconsistency (two vectors writing one file differently).
public struct GeneratedVectorSetError: Error, Hashable, Sendable, CustomStringConvertible {
    public var detail: String
    public var description: String { detail }
}

/// The whole generated vector set and its files.
public enum GeneratedVectorSet {
    /// Every generated vector, in a stable order.
    public static func generated() -> [GeneratedVector] {
        RecommendedLevels.applied(to: families())
    }

    /// Every family's vectors at the levels the families write.
    static func families() -> [GeneratedVector] {
        PlistValidFamily.vectors() + PlistInvalidFamily.vectors() + PlistImplementationDefinedFamily.vectors()
            + AttributeFamily.vectors()
            + IconsFamily.vectors() + IconLoadingFamily.vectors()
    }

    /// The start of the `made` text of every vector the generator writes (`generator: <Family> …`). A manifest entry
    /// whose `made` starts otherwise is hand-written: its files under `Vectors/` are the one copy of its bytes, and
    /// the generator keeps the entry and its files as they are.
    public static let generatedMark = "generator:"

    /// Whether the generator owns `entry` (writes it, and drops it when no family makes it any more).
    public static func isGenerated(_ entry: VectorMetadata) -> Bool { entry.made.hasPrefix(generatedMark) }

    /// Areas whose files the generator writes.
    public static let generatedAreas: [VectorArea] = [.plist, .attribute, .icons, .iconLoading]

    /// The files the generator writes (path relative to `Vectors/` → bytes, the manifest included) and the manifest.
    ///
    /// - Parameters:
    ///   - existing: the committed manifest, if any. Its hand-written entries (`isGenerated` false) are kept as they
    ///     are but for `hazard`, which follows `specification` for every entry; its generated entries are replaced
    ///     by what the families make now, so one no family makes any more is dropped.
    ///   - found: every file now under `Vectors/` (relative paths). A file under `<area>/regressions/` that nothing
    ///     lists (a fuzz finding dropped in by the fuzz harness) is kept and listed as `implementation-defined`
    ///     until its entry in `manifest.json` is curated by hand.
    ///   - specification: Docs/spec.md, whose `Hazard:` lines give every `required` vector its `hazard`; without
    ///     it, no vector has one.
    /// - Throws: `GeneratedVectorSetError` when a generated vector's `made` lacks `generatedMark`, when two vectors
    ///   give one file different bytes, or when a hand-written entry shares an id or a file with a generated vector.
    public static func plan(
        existing: Manifest? = nil, found: Set<String> = [], specification: SpecificationDocument? = nil
    ) throws -> (
        files: [String: [UInt8]], manifest: Manifest
    ) {
        let vectors = generated()
        var files: [String: [UInt8]] = [:]
        for vector in vectors {
            guard isGenerated(vector.metadata) else {
                throw GeneratedVectorSetError(
                    detail: "\(vector.metadata.id): a generated vector's made must start with \"\(generatedMark)\", "
                        + "not \"\(vector.metadata.made)\"")
            }
            files[vector.metadata.input] = vector.input
            if let expected = vector.metadata.expected, let bytes = vector.expected { files[expected] = bytes }
            for (path, bytes) in vector.files {
                guard files[path] == nil || files[path] == bytes else {
                    throw GeneratedVectorSetError(detail: "\(path): two vectors give it different bytes")
                }
                files[path] = bytes
            }
        }
        var kept = (existing?.vectors ?? []).filter { !isGenerated($0) }
        try refuseCollisions(kept, with: vectors, files: files)
        let listed = Set(files.keys).union(kept.flatMap(\.paths))
        for path in found.sorted() where !listed.contains(path) && !path.hasSuffix(".json") {
            if let entry = unlistedRegression(path) { kept.append(entry) }
        }
        let manifest = Manifest(
            suiteVersion: suiteVersion,
            vectors: (vectors.map(\.metadata) + kept).sorted { $0.id < $1.id }.map {
                withHazard($0, from: specification)
            })
        files["manifest.json"] = try render(manifest)
        return (files, manifest)
    }

    /// Throws when a hand-written entry has a generated vector's id, or names a file the generator writes (or the
    /// manifest): the generator would overwrite the one copy of its bytes, or list the id twice.
    static func refuseCollisions(
        _ handWritten: [VectorMetadata], with vectors: [GeneratedVector], files: [String: [UInt8]]
    ) throws {
        let generatedIDs = Set(vectors.map(\.metadata.id))
        var collisions: [String] = []
        for entry in handWritten {
            if generatedIDs.contains(entry.id) { collisions.append("id \(entry.id)") }
            for path in entry.paths where files[path] != nil || path == "manifest.json" {
                collisions.append("\(entry.id)'s file \(path)")
            }
        }
        guard collisions.isEmpty else {
            throw GeneratedVectorSetError(
                detail: "hand-written manifest entries collide with generated vectors (rename the hand-written "
                    + "vector, or make it generated: made \"\(generatedMark) …\" and a family that writes it): "
                    + collisions.joined(separator: ", "))
        }
    }

    /// `metadata` with the hazard of its requirement when it is `required`, with none otherwise.
    static func withHazard(_ metadata: VectorMetadata, from specification: SpecificationDocument?) -> VectorMetadata {
        var metadata = metadata
        metadata.hazard = metadata.level == .required ? specification?.requirement(metadata.spec)?.hazard : nil
        return metadata
    }

    /// Every file the generator writes, the manifest included (no files found on disk).
    public static func files(keeping existing: Manifest? = nil) throws -> [String: [UInt8]] {
        try plan(existing: existing).files
    }

    /// Metadata for a regression input nobody listed yet, or nil when `path` is not one.
    static func unlistedRegression(_ path: String) -> VectorMetadata? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 3, parts[1] == VectorGroup.regressions.rawValue, let area = VectorArea(rawValue: parts[0]),
            area != .fs, let dot = parts[2].lastIndex(of: ".")
        else { return nil }
        let name = String(parts[2][..<dot])
        return VectorMetadata(
            id: "\(area.rawValue)/regressions/\(name)", area: area, group: .regressions, input: path, expected: nil,
            description: "fuzz finding \"\(name)\", listed as found; curate its entry in manifest.json by hand",
            spec: "fuzz.finding", level: .implementationDefined, tags: [.fuzz], since: suiteVersion, error: nil,
            made: "hand-added file (fuzz finding), kept as found by generate-vectors")
    }

    /// The manifest as committed: pretty, keys sorted, slashes unescaped, trailing newline.
    public static func render(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [0x0A]
    }

    /// Every regular file under `root` (relative paths, dot-files excluded).
    public static func filesFound(under root: URL) -> Set<String> {
        var out: Set<String> = []
        let base = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return out }
        for case let url as URL in walker where !url.hasDirectoryPath && !url.lastPathComponent.hasPrefix(".") {
            out.insert(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
        }
        return out
    }

    /// Writes every generated file under `root`; removes generated-area files that nothing makes or lists any more.
    /// A `manifest.json` that exists but does not decode stops it before anything is written: its hand-written
    /// entries would be lost, and their files removed as listed by nothing.
    /// - Returns: how many entries of the manifest written are generated and how many hand-written.
    @discardableResult
    public static func write(to root: URL) throws -> (generated: Int, handWritten: Int) {
        let manifestURL = root.appendingPathComponent("manifest.json")
        var existing: Manifest?
        if FileManager.default.fileExists(atPath: manifestURL.path) {
            do {
                existing = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
            } catch {
                throw GeneratedVectorSetError(
                    detail: "\(manifestURL.path) does not decode, so its hand-written entries cannot be kept; fix it "
                        + "first (nothing was written): \(error)")
            }
        }
        let found = filesFound(under: root)
        let (files, manifest) = try plan(
            existing: existing, found: found, specification: SpecificationFile.beside(vectorsDirectory: root.path))
        let listed = Set(manifest.vectors.flatMap(\.paths))
        let manager = FileManager.default
        for path in found where files[path] == nil && !listed.contains(path) && path != "manifest.json" {
            guard let area = path.split(separator: "/").first, generatedAreas.map(\.rawValue).contains(String(area))
            else {
                continue
            }
            try manager.removeItem(at: root.appendingPathComponent(path))
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? Data(contentsOf: url)) == Data(bytes) { continue }
            try Data(bytes).write(to: url)
        }
        let handWritten = manifest.vectors.filter { !isGenerated($0) }.count
        return (manifest.vectors.count - handWritten, handWritten)
    }
}
