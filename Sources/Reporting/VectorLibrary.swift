// Sources/Reporting/VectorLibrary.swift - The input bytes of vectors, looked up by id, for reports to show

import ConformanceModel
import Foundation

/// Finds a vector's input file under a vectors root (`Vectors/`) through its manifest.
public struct VectorLibrary: Sendable {
    /// The vectors root directory.
    public var root: String
    /// How the report pages reach the vectors root (relative, e.g. `../Vectors`); nil: no links to vector files.
    public var linkBase: String?
    private var inputs: [String: String]
    private var metadata: [String: VectorMetadata]

    /// Reads `<root>/manifest.json`; without a readable manifest, vectors are looked up by file name.
    public init(root: String, linkBase: String? = nil) {
        self.root = root
        self.linkBase = linkBase
        var inputs: [String: String] = [:]
        var metadata: [String: VectorMetadata] = [:]
        if let data = FileManager.default.contents(atPath: root + "/manifest.json"),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        {
            for vector in manifest.vectors {
                inputs[vector.id] = vector.input
                metadata[vector.id] = vector
            }
        }
        self.inputs = inputs
        self.metadata = metadata
    }

    /// The library with links from pages written into `directory` to the vector files (a relative path).
    public func linked(from directory: String) -> VectorLibrary {
        var library = self
        library.linkBase = Self.relativePath(from: directory, to: root)
        return library
    }

    /// The manifest entry of vector `id`, when the manifest lists it.
    public func metadata(of id: String) -> VectorMetadata? { metadata[id] }

    /// The link to vector `id`'s input file, relative to the pages, when there is a base and an entry.
    public func link(to id: String) -> String? {
        guard let linkBase, let input = inputs[id] else { return nil }
        return linkBase + "/" + input
    }

    /// `to` relative to `from` (both directories), e.g. `Reports` → `Vectors` is `../Vectors`.
    static func relativePath(from: String, to: String) -> String {
        func components(_ path: String) -> [String] {
            URL(fileURLWithPath: path).standardizedFileURL.pathComponents.filter { $0 != "/" }
        }
        let source = components(from)
        let target = components(to)
        var common = 0
        while common < min(source.count, target.count) && source[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: source.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The input bytes of vector `id` (`<area>/<group>/<name>`), or `nil` when no such file exists.
    public func bytes(of id: String) -> [UInt8]? {
        if let input = inputs[id], let data = FileManager.default.contents(atPath: root + "/" + input) {
            return Array(data)
        }
        // No manifest entry: `<id>.<ext>` for any extension other than the expected-result `.json`.
        let path = root + "/" + id
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        for file in files.sorted() where file.hasPrefix(name + ".") && !file.hasSuffix(".json") {
            if let data = FileManager.default.contents(atPath: directory + "/" + file) { return Array(data) }
        }
        return nil
    }
}
