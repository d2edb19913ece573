// Sources/VectorGenerators/GeneratedVector.swift - One vector as a generator produces it

import ConformanceModel

/// A vector's metadata together with its input bytes and expected-result bytes.
public struct GeneratedVector: Sendable {
    public var metadata: VectorMetadata
    public var input: [UInt8]
    public var expected: [UInt8]?

    /// Builds the metadata from the parts; the id and paths follow `<area>/<group>/<name>`.
    public init(
        _ area: VectorArea, _ group: VectorGroup, _ name: String, input: [UInt8], expected: String? = nil,
        description: String, spec: String, level: VectorLevel = .required, tags: [VectorTag],
        error: VectorErrorCategory? = nil, made: String
    ) {
        let base = "\(area.rawValue)/\(group.rawValue)/\(name)"
        let ext = area == .icons ? "appinfo" : "bplist"
        metadata = VectorMetadata(
            id: base, area: area, group: group, input: "\(base).\(ext)",
            expected: expected == nil ? nil : "\(base).json", description: description, spec: spec,
            level: level, tags: tags, since: "0.1.0", error: error, made: made)
        self.input = input
        self.expected = expected.map { Array(($0 + "\n").utf8) }
    }
}
