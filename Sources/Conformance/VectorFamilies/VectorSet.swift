// Sources/Conformance/VectorFamilies/VectorSet.swift - Every generated vector, and how they land in Vectors/

import Foundation

/// The whole generated vector set and its files.
public enum VectorSet {
    /// Every generated vector, in a stable order.
    public static func generated() -> [GeneratedVector] {
        PlistValidFamily.vectors() + PlistInvalidFamily.vectors() + PlistImplementationDefinedFamily.vectors()
            + PlistRegressionFamily.vectors() + FuzzRegressionFamily.vectors() + AttributeFamily.vectors()
            + IconsFamily.vectors()
    }

    /// Every file the generator writes, path (relative to `Vectors/`) → bytes, the manifest included.
    ///
    /// `existing` is the committed manifest, if any: its vectors of areas no generator owns (`fs`) are kept.
    public static func files(keeping existing: Manifest? = nil) throws -> [String: [UInt8]] {
        let vectors = generated()
        var files: [String: [UInt8]] = [:]
        for vector in vectors {
            files[vector.metadata.input] = vector.input
            if let expected = vector.metadata.expected, let bytes = vector.expected { files[expected] = bytes }
        }
        let kept = existing?.vectors.filter { $0.area == .fs } ?? []
        let manifest = Manifest(
            suiteVersion: suiteVersion, vectors: (vectors.map(\.metadata) + kept).sorted { $0.id < $1.id })
        files["manifest.json"] = try render(manifest)
        return files
    }

    /// The manifest as committed: pretty, keys sorted, slashes unescaped, trailing newline.
    public static func render(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [0x0A]
    }

    /// Writes every generated file under `root`, removing generated-area files that are no longer produced.
    public static func write(to root: URL) throws {
        let manifestURL = root.appendingPathComponent("manifest.json")
        let existing = try? JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        let files = try files(keeping: existing)
        let manager = FileManager.default
        for area in [VectorArea.plist, .attribute, .icons] {
            let folder = root.appendingPathComponent(area.rawValue)
            guard let walker = manager.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where !url.hasDirectoryPath {
                let relative = String(url.path.dropFirst(root.path.count + 1))
                if files[relative] == nil { try manager.removeItem(at: url) }
            }
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? Data(contentsOf: url)) == Data(bytes) { continue }
            try Data(bytes).write(to: url)
        }
    }
}
