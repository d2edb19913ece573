// Tests/VectorSetTests/VectorFiles.swift - Locating and reading the committed Vectors/ folder

import ConformanceModel
import Foundation
import VectorGenerators

/// The committed vector set, read from the package's `Vectors/` folder.
enum VectorFiles {
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors")

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: root.appendingPathComponent("manifest.json")))
    }

    /// Every regular file under `Vectors/`, relative paths, dot-files excluded.
    static func allFiles() -> Set<String> { GeneratedVectorSet.filesFound(under: root) }
}
