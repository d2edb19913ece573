// Tests/FuzzCommonTests/StructureMutatorTests.swift - The bplist layout rewriter and the structure-aware mutator

import BinaryPlist
import Foundation
import SeededRandom
import Testing

@testable import FuzzCommon

@Suite struct StructureMutatorTests {
    static let valid = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/plist/valid")

    static func validDocuments() throws -> [(name: String, bytes: [UInt8], value: PropertyListValue)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: valid.path).filter { $0.hasSuffix(".bplist") }
        return try names.sorted().map { name in
            let bytes = try [UInt8](Data(contentsOf: valid.appendingPathComponent(name)))
            return (name, bytes, try BPlistDecoder.decode(bytes, rules: .lenient))
        }
    }

    @Test func encoderOutputIsReadAndWrittenBackByteForByte() throws {
        let documents = try Self.validDocuments()
        #expect(documents.count > 50)
        for document in documents {
            let encoded = BPlistEncoder.encode(document.value)
            let layout = try #require(BPlistLayout(encoded), "\(document.name)")
            #expect(layout.bytes() == encoded, "\(document.name)")
        }
    }

    @Test func widerFieldsLongCountsAndAnotherOrderKeepTheValue() throws {
        var random = SeededGenerator(seed: 13)
        for document in try Self.validDocuments() {
            var layout = try #require(BPlistLayout(BPlistEncoder.encode(document.value)))
            layout.refSize = 2
            layout.offsetSize = 4
            layout.longCounts = 1
            layout.order.shuffle(using: &random)
            let value = try BPlistDecoder.decode(layout.bytes(), rules: .strict)
            #expect(value == document.value, "\(document.name)")
        }
    }

    @Test func trailerFieldsAreWrittenAsAsked() throws {
        var layout = try #require(BPlistLayout(BPlistEncoder.encode(.array([.integer(1)]))))
        layout.gap = [0]
        let gap = #expect(throws: BPlistError.self) { try BPlistDecoder.decode(layout.bytes(), rules: .strict) }
        #expect(gap?.category == .trailer, "\(String(describing: gap))")
        layout.gap = []
        layout.top = 2
        let top = #expect(throws: BPlistError.self) { try BPlistDecoder.decode(layout.bytes(), rules: .strict) }
        #expect(top?.category == .trailer, "\(String(describing: top))")
    }

    /// The count-wrap layout: the trailer's count times the width wraps around 2^64 to the real table size, which a
    /// decoder that multiplies without checking takes for consistent; the reference decoder rejects it there.
    @Test(arguments: [(4, UInt64(1)), (8, 3), (16, 7)])
    func aWrappedCountMatchesTheTableOnlyModulo2Pow64(_ width: Int, _ wraps: UInt64) throws {
        var layout = try #require(BPlistLayout(BPlistEncoder.encode(.array([.integer(1), .string("a")]))))
        layout.offsetSize = width
        layout.refSize = 8
        layout.countWraps = wraps
        let bytes = layout.bytes()
        let base = bytes.count - 32
        let field = { (at: Int) in bytes[at..<(at + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let count = field(base + 8)
        let table = field(base + 24)
        #expect(count == 3 + wraps << (64 - UInt64(width.trailingZeroBitCount)))
        #expect(count <= UInt64(Int.max))
        #expect(count &* UInt64(width) == UInt64(base) - table, "the size wraps to the real table size")
        let error = #expect(throws: BPlistError.self) { try BPlistDecoder.decode(bytes, rules: .strict) }
        #expect(error?.category == .trailer && error?.offset == base + 24, "\(String(describing: error))")
    }

    @Test func mutationsStayWithinMaxSizeAndChangeTheInput() throws {
        let document = BPlistEncoder.encode(
            .dictionary([
                "identifier": .string("com.example.app"), "name": .string("Example"),
                "path": .array([.integer(1), .data([1, 2, 3])]), "appInfoURL": .string("https://example.com/a.json"),
            ]))
        var declined = 0
        var decodable = 0
        for seed in UInt32(0)..<400 {
            guard let output = StructureMutator.mutate(document, maxSize: 300, seed: seed) else {
                declined += 1
                continue
            }
            #expect(output.count <= 300)
            #expect(output != document)
            if (try? BPlistDecoder.decode(output, rules: .strict)) != nil { decodable += 1 }
        }
        // Three in four are left to byte mutation by design; most of the rest keep a readable document.
        #expect(declined >= 280 && declined < 340)
        #expect(decodable > 25)
    }

    @Test func optionPrefixIsKeptAndGarbageIsDeclined() throws {
        let document = BPlistEncoder.encode(.array([.string("a"), .bool(true)]))
        let prefixed = [0x00, 0x01] + document
        let outputs = (UInt32(0)..<50).compactMap { StructureMutator.mutate(prefixed, maxSize: 4096, seed: $0) }
        #expect(!outputs.isEmpty)
        #expect(outputs.allSatisfy { $0.starts(with: [0x00, 0x01]) })
        let garbage = Array("not a plist, but long enough to hold one if it were".utf8)
        #expect((UInt32(0)..<50).allSatisfy { StructureMutator.mutate(garbage, maxSize: 64, seed: $0) == nil })
    }

    /// From an empty corpus libFuzzer starts with an empty input and grows it slowly; the mutator gives such
    /// inputs whole documents, so the search starts past the header, trailer and offset-table checks.
    @Test func inputsTooShortForADocumentGetAGeneratedOne() throws {
        var decodable = 0
        var containers = 0
        var withAttributeKeys = 0
        var outputs = 0
        for seed in UInt32(0)..<400 {
            guard let output = StructureMutator.mutate([], maxSize: 4096, seed: seed) else { continue }
            outputs += 1
            guard let value = try? BPlistDecoder.decode(output, rules: .lenient) else { continue }
            decodable += 1
            switch value {
            case .dictionary(let entries):
                containers += 1
                if entries["identifier"] != nil, entries["appInfoURL"] != nil { withAttributeKeys += 1 }
            case .array, .set: containers += 1
            default: break
            }
        }
        // The two structure-aware eighths generate; a layout change can make a document undecodable.
        #expect(outputs > 60 && outputs < 140)
        #expect(decodable > outputs / 2)
        #expect(containers > 20)
        #expect(withAttributeKeys > 3)

        let prefixed: [UInt8] = [0x00, 0x01, 0x62]
        let small = (UInt32(0)..<100).compactMap { StructureMutator.mutate(prefixed, maxSize: 50, seed: $0) }
        #expect(!small.isEmpty)
        #expect(small.allSatisfy { $0.count <= 50 && $0.starts(with: [0x00, 0x01, 0x62, 0x70]) })
    }

    @Test func layoutMutationsOfTheInputStackOnItsOwnLayout() throws {
        // A trailer byte the encoder never writes: an output that still has it was mutated in the
        // input's own layout, not re-encoded first.
        var layout = try #require(BPlistLayout(BPlistEncoder.encode(.array([.string("a"), .integer(7)]))))
        layout.trailerPrefix[0] = 0x5A
        let input = layout.bytes()
        var kept = 0
        for seed in UInt32(0)..<400 {
            guard let output = StructureMutator.mutate(input, maxSize: 4096, seed: seed) else { continue }
            if output[output.count - 32] == 0x5A { kept += 1 }
        }
        #expect(kept > 20)
    }

    @Test func layoutReaderTakesAnyBytesWithoutTrapping() throws {
        let plist = Self.valid.deletingLastPathComponent()
        var inputs: [[UInt8]] = []
        for area in ["valid", "invalid", "regressions", "implementation-defined"] {
            let directory = plist.appendingPathComponent(area)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names where name.hasSuffix(".bplist") {
                inputs.append(try [UInt8](Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        #expect(inputs.count > 200)
        // Trailer fields at their extremes: offset and reference widths of 8 with all-ones values.
        var random = SeededGenerator(seed: 29)
        for document in inputs.prefix(100) where document.count >= 40 {
            for _ in 0..<20 {
                var bytes = document
                let position = bytes.count - 32 + Int(random.next() % 32)
                bytes[position] = [0x00, 0x08, 0xFF, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 4)]
                let inside = Int(random.next() % UInt64(bytes.count))
                bytes[inside] = 0xFF
                inputs.append(bytes)
            }
        }
        var read = 0
        for bytes in inputs {
            guard let layout = BPlistLayout(bytes) else { continue }
            read += 1
            _ = layout.bytes()
        }
        #expect(read > 100)
    }
}
