// Sources/VectorGenerators/GeneratedVector.swift - One vector as a generator produces it

import ConformanceModel

/// A vector's metadata together with its input bytes, expected-result bytes and further files.
public struct GeneratedVector: Sendable {
    public var metadata: VectorMetadata
    public var input: [UInt8]
    public var expected: [UInt8]?
    /// The further files `metadata.files` lists, by path; vectors may share them (the same bytes).
    public var files: [String: [UInt8]]

    /// Builds the metadata from the parts; the id and paths follow `<area>/<group>/<name>`. The input's extension
    /// follows the area unless `inputExtension` names another (`fields.json`: an attribute write-input vector).
    public init(
        _ area: VectorArea, _ group: VectorGroup, _ name: String, input: [UInt8], expected: String? = nil,
        description: String, spec: String, level: VectorLevel = .required, tags: [VectorTag],
        error: VectorErrorCategory? = nil, made: String, files: [String: [UInt8]] = [:], inputExtension: String? = nil
    ) {
        let base = "\(area.rawValue)/\(group.rawValue)/\(name)"
        let areaExtension: String
        switch area {
        case .icons: areaExtension = "appinfo"
        case .iconLoading: areaExtension = "site.json"
        default: areaExtension = "bplist"
        }
        let ext = inputExtension ?? areaExtension
        metadata = VectorMetadata(
            id: base, area: area, group: group, input: "\(base).\(ext)",
            expected: expected == nil ? nil : "\(base).json", description: description, spec: spec,
            level: level, tags: tags, since: "0.1.0", error: error, made: made,
            files: files.isEmpty ? nil : files.keys.sorted())
        self.input = input
        self.expected = expected.map { Array(($0 + "\n").utf8) }
        self.files = files
    }
}
