// Sources/Differential/CandidateVectors.swift - Each cluster as a candidate vector a person can curate

import BinaryPlist
import ConformanceModel
import Foundation
import ReportFormatting
import TaggedJSON

/// Writes one directory per cluster: `input.bplist` (the smallest input), `manifest-entry.json` (a draft entry of
/// `Vectors/manifest.json`), `expected.json` (the reference's value, when it accepts) and `answers.json` (the
/// sides and every implementation's answer).
public enum CandidateVectors {
    /// The implementations whose acceptance means CoreFoundation reads the input (Docs/spec.md §1.3): then a
    /// rejection is at most `recommended`.
    static let coreFoundationReaders: Set<String> = ["foundation-serialization", "original"]

    /// Writes the candidates of `clusters` under `directory` (made if missing).
    /// - Parameter inputs: the representatives' bytes by SHA-256.
    /// - Throws: `ReportError` for a file or directory that cannot be written.
    public static func write(_ clusters: [Cluster], inputs: [String: [UInt8]], to directory: String)
        throws(ReportError)
    {
        for cluster in clusters {
            let folder = directory + "/" + cluster.id
            try AtomicFile.makeDirectory(folder)
            let bytes = inputs[cluster.representative.sha256] ?? []
            var expected: [UInt8]?
            if cluster.rule == nil, let value = try? BPlistDecoder.decode(bytes) {
                expected = TaggedJSON.encode(value) + [0x0A]
            }
            try AtomicFile.write(bytes, to: folder + "/input.bplist")
            if let expected { try AtomicFile.write(expected, to: folder + "/expected.json") }
            try AtomicFile.write(
                ReportJSON.encode(draft(cluster, hasExpected: expected != nil)), to: folder + "/manifest-entry.json")
            try AtomicFile.write(
                ReportJSON.encode(
                    CandidateAnswers(signature: cluster.signature, sides: cluster.sides, answers: cluster.answers)),
                to: folder + "/answers.json")
        }
    }

    /// A draft manifest entry: `plist/regressions/<cluster id>`, the reference's verdict, a level by the suite's
    /// rule (required unless a CoreFoundation reader accepts what the reference rejects), tag `differential`.
    /// `spec` is left for the person curating it to choose.
    public static func draft(_ cluster: Cluster, hasExpected: Bool) -> VectorMetadata {
        let name = "plist/regressions/" + cluster.id
        let accepting = cluster.sides.filter { $0.verdict.hasPrefix("accept") }.flatMap(\.implementations)
        let lowered = cluster.rule != nil && accepting.contains { coreFoundationReaders.contains($0) }
        return VectorMetadata(
            id: name, area: .plist, group: .regressions, input: name + ".bplist",
            expected: hasExpected ? name + ".json" : nil,
            description: "implementations disagree: " + cluster.signature, spec: "",
            level: lowered ? .recommended : .required, tags: [.differential], since: suiteVersion,
            error: cluster.rule.flatMap(VectorErrorCategory.init(rawValue:)),
            made: "xds differential: the smallest input of cluster \(cluster.id)")
    }
}

/// `answers.json` of a candidate.
struct CandidateAnswers: Codable {
    var signature: String
    var sides: [Side]
    var answers: [ImplementationAnswer]
}
