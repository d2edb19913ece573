// Tests/VectorSetTests/ReferenceAgreementTests.swift - The reference implementation against every vector

import BinaryPlist
import ConformanceModel
import Foundation
import Icons
import TaggedJSON
import Testing

@Suite struct ReferenceAgreementTests {
    static func vectors(_ area: VectorArea) throws -> [VectorMetadata] {
        try VectorFiles.manifest().vectors.filter { $0.area == area }
    }

    @Test func validPlistVectorsDecodeToTheirExpectedValue() throws {
        var disagreements: [String] = []
        for vector in try Self.vectors(.plist) where vector.error == nil {
            guard let expectedPath = vector.expected else { continue }
            let expected = try TaggedJSON.decode(VectorFiles.bytes(expectedPath))
            do {
                let value = try BPlistDecoder.decode(VectorFiles.bytes(vector.input))
                if value != expected { disagreements.append("\(vector.id): decodes to a different value") }
            } catch {
                disagreements.append("\(vector.id): rejected: \(error)")
            }
        }
        #expect(disagreements == [])
    }

    @Test func invalidPlistVectorsAreRejectedWithTheirCategory() throws {
        var disagreements: [String] = []
        for vector in try Self.vectors(.plist) {
            guard let category = vector.error else { continue }
            let bytes = try VectorFiles.bytes(vector.input)
            do throws(BPlistError) {
                _ = try BPlistDecoder.decode(bytes)
                disagreements.append("\(vector.id): accepted, expected \(category.rawValue)")
            } catch {
                if error.category.rawValue != category.rawValue {
                    disagreements.append("\(vector.id): \(error), expected \(category.rawValue)")
                }
            }
        }
        #expect(disagreements == [])
    }

    @Test func encoderReproducesCanonicalVectorsAndRoundTripsTheRest() throws {
        var disagreements: [String] = []
        var canonical = 0
        for vector in try Self.vectors(.plist) where vector.error == nil && vector.expected != nil {
            let bytes = try VectorFiles.bytes(vector.input)
            guard let value = try? BPlistDecoder.decode(bytes) else { continue }
            let encoded = BPlistEncoder.encode(value)
            if vector.tags.contains(.canonical) {
                canonical += 1
                if encoded != bytes {
                    disagreements.append("\(vector.id): encoder output differs from the canonical bytes")
                }
            }
            if (try? BPlistDecoder.decode(encoded)) != value {
                disagreements.append("\(vector.id): does not round-trip")
            }
        }
        #expect(disagreements == [])
        #expect(canonical >= 1)
    }

    struct IconExpectation: Decodable {
        struct Outcome: Decodable, Equatable {
            var outcome: String
            var url: String?
            var index: Int?
        }
        var appInfoURL: String
        var legacy: [String: Outcome]
        var recommended: [String: Outcome]
    }

    static func outcome(_ selection: IconSelection) -> IconExpectation.Outcome {
        switch selection {
        case .icon(let url, _, _, let index): return .init(outcome: "icon", url: url, index: index)
        case .none: return .init(outcome: "none")
        case .originalRaises: return .init(outcome: "original-raises")
        }
    }

    @Test func iconSelectionMatchesEveryVectorInBothProfiles() throws {
        var disagreements: [String] = []
        for vector in try Self.vectors(.icons) where vector.level != .implementationDefined {
            guard let expectedPath = vector.expected else { continue }
            let expected = try JSONDecoder().decode(IconExpectation.self, from: Data(VectorFiles.bytes(expectedPath)))
            let json = try VectorFiles.bytes(vector.input)
            for profile in IconProfile.allCases {
                for scale in 1...3 {
                    let want = (profile == .legacy ? expected.legacy : expected.recommended)["\(scale)"]
                    let got = Self.outcome(
                        IconSelector.select(json: json, scale: scale, appInfoURL: expected.appInfoURL, profile: profile)
                    )
                    if got != want {
                        disagreements.append(
                            "\(vector.id) \(profile.rawValue) @\(scale): got \(got), expected \(String(describing: want))"
                        )
                    }
                }
            }
        }
        #expect(disagreements == [])
    }
}
