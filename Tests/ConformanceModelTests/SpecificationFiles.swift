// Tests/ConformanceModelTests/SpecificationFiles.swift - Docs/spec.md and Vectors/manifest.json, as committed

import ConformanceModel
import Foundation

enum SpecificationFiles {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func document() throws -> SpecificationDocument {
        let url = packageRoot.appendingPathComponent("Docs/spec.md")
        return SpecificationDocument.parse(try String(contentsOf: url, encoding: .utf8))
    }

    static func manifest() throws -> Manifest {
        let url = packageRoot.appendingPathComponent("Vectors/manifest.json")
        return try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
    }

    static func vectorBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: packageRoot.appendingPathComponent("Vectors").appendingPathComponent(path)))
    }
}
