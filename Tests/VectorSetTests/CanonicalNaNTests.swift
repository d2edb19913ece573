// Tests/VectorSetTests/CanonicalNaNTests.swift - The NaN bits `#canonical` expects, as Docs/tagged-json.md states

import BinaryPlist
import ConformanceModel
import TaggedJSON
import Testing

@Suite struct CanonicalNaNTests {
    /// Marker 23 (an 8-byte real), then the positive quiet NaN with a zero payload, big-endian.
    static let documentedObject: [UInt8] = [0x23, 0x7F, 0xF8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]

    /// `plist/valid/real-nan` is the one canonical NaN vector and holds exactly those 9 bytes as its object.
    @Test func theCanonicalVectorHoldsTheDocumentedBytes() throws {
        let bytes = try VectorFiles.bytes("plist/valid/real-nan.bplist")
        #expect(Array(bytes[8..<17]) == Self.documentedObject)
        let manifest = try VectorFiles.manifest()
        let canonicalNaNs = manifest.vectors.filter {
            $0.tags.contains(.canonical) && $0.tags.contains(.real) && $0.id.contains("nan")
        }
        #expect(canonicalNaNs.map(\.id) == ["plist/valid/real-nan"])
    }

    /// The reference encoder writes those bytes for tagged `nan`, the bytes `#canonical` compares.
    @Test func theReferenceEncoderWritesThemForTaggedNaN() throws {
        let value = try TaggedJSON.decode(Array(#"{"type":"real","value":"nan"}"#.utf8))
        let encoded = BPlistEncoder.encode(value)
        #expect(Array(encoded[8..<17]) == Self.documentedObject)
        #expect(encoded == (try VectorFiles.bytes("plist/valid/real-nan.bplist")))
    }
}
