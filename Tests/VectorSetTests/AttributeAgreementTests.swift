// Tests/VectorSetTests/AttributeAgreementTests.swift - The reference attribute reader against the attribute vectors

import ConformanceModel
import DocumentSource
import Foundation
import Testing

@Suite struct AttributeAgreementTests {
    struct Expected: Decodable {
        var fields: [String: String]?
    }

    static func fields(_ attribute: DocumentSourceAttribute) -> [String: String] {
        var out: [String: String] = [:]
        out["identifier"] = attribute.identifier
        out["name"] = attribute.name
        out["path"] = attribute.path
        out["appInfoURL"] = attribute.appInfoURL
        return out
    }

    @Test func referenceReaderKeepsTheExpectedFields() throws {
        var disagreements: [String] = []
        var compared = 0
        for vector in try VectorFiles.manifest().vectors
        where vector.area == .attribute && vector.level != .implementationDefined {
            guard let expectedPath = vector.expected else { continue }
            let expected = try JSONDecoder().decode(Expected.self, from: Data(VectorFiles.bytes(expectedPath)))
            let bytes = try VectorFiles.bytes(vector.input)
            compared += 1
            let got: [String: String]?
            do throws(DocumentSourceReadError) {
                got = Self.fields(try DocumentSourceAttribute(decoding: bytes))
            } catch {
                got = nil
            }
            if got != expected.fields {
                disagreements.append(
                    "\(vector.id): got \(String(describing: got)), expected \(String(describing: expected.fields))")
            }
        }
        #expect(disagreements == [])
        #expect(compared >= 40)
    }
}
