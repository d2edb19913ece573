// Tests/FuzzCommonTests/AttributeOracleTests.swift - The attribute oracle's reading, and wrong answers it catches

import BinaryPlist
import DocumentSource
import Foundation
import SeededRandom
import Testing

@testable import FuzzCommon

/// `AttributeReading` stands for a full `BPlistDecoder.decode` (it builds only the root's entries), and
/// `AttributeReaderCheck.judge` still calls every wrong answer of a reader a finding.
@Suite struct AttributeOracleTests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors")

    /// Every `.bplist` vector input (attribute and plist vectors: valid, invalid, implementation-defined).
    static func vectorInputs() throws -> [(name: String, bytes: [UInt8])] {
        let files = try #require(FileManager.default.enumerator(at: vectors, includingPropertiesForKeys: nil))
        var inputs: [(String, [UInt8])] = []
        for case let file as URL in files where file.pathExtension == "bplist" {
            inputs.append((file.lastPathComponent, try [UInt8](Data(contentsOf: file))))
        }
        return inputs.sorted { $0.0 < $1.0 }
    }

    static func vector(_ name: String) throws -> [UInt8] {
        try #require(try vectorInputs().first { $0.name == name }).bytes
    }

    /// What the oracle read before: the whole document decoded, then the strings under the four keys.
    static func decodedReading(_ bytes: [UInt8]) -> Result<AttributeReading, BPlistError> {
        let value: PropertyListValue
        do { value = try BPlistDecoder.decode(bytes, rules: DocumentSourceAttribute.readingRules) } catch {
            return .failure(error)
        }
        guard case .dictionary(let dictionary) = value else { return .success(.notDictionary) }
        func string(_ key: String) -> String? {
            if case .string(let string)? = dictionary[key] { return string }
            return nil
        }
        return .success(
            .dictionary(
                DocumentSourceAttribute(
                    identifier: string("identifier"), name: string("name"), path: string("path"),
                    appInfoURL: string("appInfoURL"))))
    }

    /// The reading equals the full decode's on every vector and on 40 byte mutations of each (flipped,
    /// set to an edge value, truncated), and the real reader's answer is never a finding.
    @Test func theReadingIsTheFullDecodesOnVectorsAndMutations() throws {
        var random = SeededGenerator(seed: 13)
        var compared = 0
        var dictionaries = 0
        for (name, vector) in try Self.vectorInputs() {
            var inputs = [vector]
            for _ in 0..<40 where !vector.isEmpty {
                var bytes = vector
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                case 1:
                    bytes[position] =
                        [0x00, 0x01, 0x0F, 0x10, 0x5F, 0x6F, 0x7F, 0xD0, 0xFF].randomElement(using: &random) ?? 0
                default: bytes.removeLast(Int.random(in: 1...min(8, bytes.count), using: &random))
                }
                inputs.append(bytes)
            }
            for bytes in inputs {
                let reading = AttributeReading.read(bytes)
                let expected = Self.decodedReading(bytes)
                switch (reading, expected) {
                case (.failure(let error), .failure(let expectedError)):
                    #expect(error == expectedError, "\(name): \(error)")
                case (.success(let value), .success(let expectedValue)):
                    #expect(value == expectedValue, "\(name): \(value) != \(expectedValue)")
                    if case .dictionary = value { dictionaries += 1 }
                default:
                    Issue.record("\(name): \(reading) != \(expected)")
                }
                try AttributeReaderCheck.check(bytes)
                compared += 1
            }
        }
        #expect(compared > 1000)
        #expect(dictionaries > 100)
    }

    /// The first of two `name` entries wins; the full decode keeps the same one.
    @Test func aDuplicateKeyReadsAsTheDecoderKeepsIt() throws {
        let bytes = try Self.vector("duplicate-name-first-wins.bplist")
        guard case .success(.dictionary(let strings)) = AttributeReading.read(bytes) else {
            Issue.record("not read as a dictionary")
            return
        }
        #expect(strings.name == "Working Copy")
        #expect(AttributeReading.read(bytes) == Self.decodedReading(bytes))
    }

    static func expectFinding(_ answer: AttributeReaderCheck.Answer, for bytes: [UInt8]) {
        let finding = #expect(throws: FuzzFinding.self) { try AttributeReaderCheck.judge(answer, for: bytes) }
        #expect(finding?.target == AttributeReaderCheck.target)
        // The same with the checked document handed over, as the fuzz target judges an acceptance: the same finding.
        if let document = try? BPlistDocument(bytes, rules: DocumentSourceAttribute.readingRules) {
            let withDocument = #expect(throws: FuzzFinding.self) {
                try AttributeReaderCheck.judge(answer, for: bytes, document: document)
            }
            #expect(withDocument?.invariant == finding?.invariant)
        }
    }

    /// The document `read` hands back with an accepted attribute is the one the oracle would check
    /// itself (the bytes with the reading rules): its reading equals the oracle's own and the full
    /// decode's; a rejection as undecodable carries the error that check gives.
    @Test func readHandsBackTheDocumentTheOracleWouldCheck() throws {
        var accepted = 0
        for (name, bytes) in try Self.vectorInputs() {
            switch Result(catching: { () throws(DocumentSourceReadError) in try DocumentSourceAttribute.read(bytes) }) {
            case .success(let read):
                let reading = AttributeReading.read(read.document)
                #expect(.success(reading) == AttributeReading.read(bytes), "\(name)")
                #expect(.success(reading) == Self.decodedReading(bytes), "\(name)")
                #expect(reading == .dictionary(read.attribute), "\(name)")
                accepted += 1
            case .failure(.undecodable(let error)):
                #expect(AttributeReading.read(bytes) == .failure(error), "\(name)")
            case .failure:
                continue
            }
        }
        #expect(accepted > 20)
    }

    static func realAnswer(_ bytes: [UInt8]) -> AttributeReaderCheck.Answer {
        do { return .success(try DocumentSourceAttribute(decoding: bytes)) } catch { return .failure(error) }
    }

    @Test func aFieldThatIsNotTheStringUnderItsKeyIsAFinding() throws {
        let bytes = try Self.vector("duplicate-name-first-wins.bplist")
        var attribute = try DocumentSourceAttribute(decoding: bytes)
        try AttributeReaderCheck.judge(.success(attribute), for: bytes)
        // The second duplicate (a reader whose last duplicate wins), an invented field, a dropped one.
        attribute.name = "Working Copy 2"
        Self.expectFinding(.success(attribute), for: bytes)
        attribute = try DocumentSourceAttribute(decoding: bytes)
        attribute.path = nil
        Self.expectFinding(.success(attribute), for: bytes)
        let noIdentifier = BPlistEncoder.encode(.dictionary(["name": .string("n")]))
        Self.expectFinding(.success(DocumentSourceAttribute(identifier: "x", name: "n")), for: noIdentifier)
    }

    @Test func aNonStringValueReadAsAStringIsAFinding() {
        let bytes = BPlistEncoder.encode(
            .dictionary([
                "name": .integer(7), "path": .array([.string("p")]), "identifier": .dictionary(["name": .string("n")]),
            ]))
        #expect(throws: Never.self) { try AttributeReaderCheck.judge(.success(DocumentSourceAttribute()), for: bytes) }
        Self.expectFinding(.success(DocumentSourceAttribute(name: "7")), for: bytes)
        Self.expectFinding(.success(DocumentSourceAttribute(path: "p")), for: bytes)
        // A string below the root is not the field.
        Self.expectFinding(.success(DocumentSourceAttribute(name: "n")), for: bytes)
    }

    @Test func anAttributeFromAnythingButABinaryDictionaryIsAFinding() throws {
        Self.expectFinding(.success(DocumentSourceAttribute()), for: BPlistEncoder.encode(.array([])))
        Self.expectFinding(.success(DocumentSourceAttribute(name: "n")), for: try Self.vector("xml-plist.bplist"))
        var undecodable = BPlistEncoder.encode(.dictionary(["name": .string("n")]))
        undecodable.removeLast()
        Self.expectFinding(.success(DocumentSourceAttribute(name: "n")), for: undecodable)
    }

    @Test func aWrongRejectionIsAFinding() throws {
        let dictionary = BPlistEncoder.encode(.dictionary(["name": .string("n")]))
        let array = BPlistEncoder.encode(.array([.string("n")]))
        var truncated = dictionary
        truncated.removeLast()
        let anError = BPlistError(.trailerLength, at: 0, "wrong")
        // Binary bytes called not binary.
        Self.expectFinding(.failure(.notBinary(.unknown)), for: dictionary)
        // Decodable bytes called undecodable, as a strict reader calls a duplicate key (the reader reads leniently).
        let duplicate = try Self.vector("duplicate-name-first-wins.bplist")
        let strict = #expect(throws: BPlistError.self) { try BPlistDocument(duplicate, rules: .strict) }
        #expect(strict?.category == .duplicateKey, "\(String(describing: strict))")
        do {
            _ = try BPlistDocument(duplicate, rules: .strict)
        } catch {
            Self.expectFinding(.failure(.undecodable(error)), for: duplicate)
        }
        Self.expectFinding(.failure(.undecodable(anError)), for: array)
        // Undecodable bytes, but the offset lies outside the input; and non-binary bytes called undecodable.
        Self.expectFinding(
            .failure(.undecodable(BPlistError(.trailerLength, at: truncated.count + 1, "wrong"))), for: truncated)
        Self.expectFinding(.failure(.undecodable(anError)), for: try Self.vector("xml-plist.bplist"))
        // A dictionary, or undecodable bytes, called a root that is not a dictionary.
        Self.expectFinding(.failure(.rootNotDictionary("an array")), for: dictionary)
        Self.expectFinding(.failure(.rootNotDictionary("an array")), for: truncated)
        // The real answers are no finding.
        for bytes in [dictionary, array, truncated, duplicate] {
            try AttributeReaderCheck.judge(Self.realAnswer(bytes), for: bytes)
        }
    }
}
