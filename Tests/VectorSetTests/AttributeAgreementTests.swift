// Tests/VectorSetTests/AttributeAgreementTests.swift - The reference attribute reader against the attribute vectors

import ConformanceModel
import DocumentSource
import Foundation
import TaggedJSON
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
        where vector.area == .attribute && vector.level != .implementationDefined && !vector.isWriteInput {
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

    /// Each write-input vector's expectation is what the one field-object reader says of its bytes: the fields,
    /// or a refusal of the kind its `error` names (a repeated key is `duplicate-key`, the rest `schema`); and of
    /// the fields it reads, what the writer's one URL rule says of `appInfoURL` (`attribute.write.appinfourl-https`).
    @Test func theFieldObjectReaderAgreesWithTheWriteInputVectors() throws {
        let vectors = try VectorFiles.manifest().vectors.filter(\.isWriteInput)
        #expect(vectors.count == 21)
        for vector in vectors {
            let expected = try JSONDecoder().decode(
                Expected.self, from: Data(VectorFiles.bytes(try #require(vector.expected))))
            #expect(vector.input.hasSuffix(".fields.json"), "\(vector.id)")
            let input = try VectorFiles.bytes(vector.input)
            do throws(FieldObjectError) {
                let fields = try FieldObject.read(input)
                let refusal = fields["appInfoURL"].flatMap { WebURLRule.refusal($0) }
                #expect((refusal == nil ? fields : nil) == expected.fields, "\(vector.id)")
                #expect(
                    (refusal != nil) == (vector.spec == "attribute.write.appinfourl-https" && vector.group == .invalid),
                    "\(vector.id): \(refusal ?? "accepted")")
            } catch {
                #expect(expected.fields == nil, "\(vector.id): \(error)")
                switch error {
                case .repeatedKey: #expect(vector.error == .duplicateKey, "\(vector.id)")
                case .unknownKey, .missingKey: #expect(vector.error == .schema, "\(vector.id)")
                default: Issue.record("\(vector.id): \(error)")
                }
            }
        }
    }
}
