// Sources/Reporting/VectorLibrary.swift - The input bytes of vectors, looked up by id, for reports to show

import ConformanceModel
import Foundation

/// Finds a vector's input file under a vectors root (`Vectors/`) through its manifest.
public struct VectorLibrary: Sendable {
    /// The vectors root directory.
    public var root: String
    private var inputs: [String: String]

    /// Reads `<root>/manifest.json`; without a readable manifest, vectors are looked up by file name.
    public init(root: String) {
        self.root = root
        var inputs: [String: String] = [:]
        if let data = FileManager.default.contents(atPath: root + "/manifest.json"),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        {
            for vector in manifest.vectors { inputs[vector.id] = vector.input }
        }
        self.inputs = inputs
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
