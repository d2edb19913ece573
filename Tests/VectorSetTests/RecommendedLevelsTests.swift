// Tests/VectorSetTests/RecommendedLevelsTests.swift - The lowered levels name real vectors and take effect

import ConformanceModel
import Testing

@testable import VectorGenerators

@Suite struct RecommendedLevelsTests {
    @Test func everyLoweredVectorExistsAndIsRecommended() throws {
        let families = Dictionary(uniqueKeysWithValues: GeneratedVectorSet.families().map { ($0.metadata.id, $0) })
        let generated = Dictionary(uniqueKeysWithValues: GeneratedVectorSet.generated().map { ($0.metadata.id, $0) })
        let handWritten = Dictionary(
            uniqueKeysWithValues: try VectorFiles.manifest().vectors.filter { !GeneratedVectorSet.isGenerated($0) }
                .map { ($0.id, $0) })
        for (id, reason) in RecommendedLevels.reasons {
            #expect(!reason.isEmpty, "\(id) has no reason")
            // A hand-written vector carries its level in the manifest; the table only gives the reason.
            if let entry = handWritten[id] {
                #expect(entry.level == .recommended, "\(id): hand-written, but not recommended in manifest.json")
                continue
            }
            // A renamed or removed vector must leave the table too, or the table would lower nothing.
            #expect(families[id]?.metadata.level == .required, "\(id) is not a required vector of a family")
            #expect(generated[id]?.metadata.level == .recommended, "\(id) was not lowered")
        }
        let lowered = generated.values.filter { families[$0.metadata.id]?.metadata.level != $0.metadata.level }
        #expect(Set(lowered.map(\.metadata.id)) == Set(RecommendedLevels.reasons.keys).subtracting(handWritten.keys))
    }
}
