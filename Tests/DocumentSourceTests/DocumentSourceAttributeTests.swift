// Tests/DocumentSourceTests/DocumentSourceAttributeTests.swift - Reading rules and encoding of the model

import BinaryPlist
import DocumentSource
import TestSupport
import Testing

@Suite struct DocumentSourceAttributeTests {
    @Test func keepsEachKeyOnlyWhenItsValueIsAString() {
        let value = PropertyListValue.dictionary([
            "identifier": .string("com.example.app"), "name": .integer(42), "path": .array([.string("x")]),
            "appInfoURL": .string("https://example.com/appInfo.json"), "extra": .string("ignored"),
        ])
        let attribute = DocumentSourceAttribute(propertyList: value)
        #expect(
            attribute
                == DocumentSourceAttribute(
                    identifier: "com.example.app", appInfoURL: "https://example.com/appInfo.json"))
    }

    @Test(arguments: [
        PropertyListValue.array([.string("identifier")]), .string("identifier"), .integer(1), .data([]), .null,
    ])
    func nonDictionaryRootIsNoAttribute(root: PropertyListValue) {
        #expect(DocumentSourceAttribute(propertyList: root) == nil)
    }

    @Test func emptyDictionaryIsAnAttributeWithNoFields() {
        #expect(DocumentSourceAttribute(propertyList: .dictionary([:])) == DocumentSourceAttribute())
    }

    @Test func propertyListHoldsOnlyTheFieldsSet() {
        let attribute = DocumentSourceAttribute(identifier: "a", name: "b")
        #expect(attribute.propertyList == .dictionary(["identifier": .string("a"), "name": .string("b")]))
        #expect(attribute.fields.map(\.key) == ["identifier", "name"])
    }

    @Test func encodesBinaryThatReadsBackEqual() throws {
        let attribute = DocumentSourceAttribute(
            identifier: "com.appliedphasor.working-copy", name: "Working Copy", path: "dir/file.ext",
            appInfoURL: "https://workingcopyapp.com/appInfo.json")
        let bytes = attribute.encoded()
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try DocumentSourceAttribute(decoding: bytes) == attribute)
    }

    @Test func readsWhatPlistlibWrites() throws {
        let bytes = try Plistlib.dumps(
            "{'identifier': 'com.x', 'name': 'X é', 'path': 'a/b', 'appInfoURL': 'https://x/a.json', 'n': 3}")
        #expect(
            try DocumentSourceAttribute(decoding: bytes)
                == DocumentSourceAttribute(
                    identifier: "com.x", name: "X é", path: "a/b", appInfoURL: "https://x/a.json"))
    }

    @Test func wrongTypesFromPlistlibAreSkipped() throws {
        let bytes = try Plistlib.dumps("{'identifier': 7, 'name': True, 'path': b'x', 'appInfoURL': 'u'}")
        #expect(try DocumentSourceAttribute(decoding: bytes) == DocumentSourceAttribute(appInfoURL: "u"))
    }

    @Test func refusesNonBinaryAndNonDictionary() throws {
        let xml = try Plistlib.dumps("{'identifier': 'a'}", format: "FMT_XML")
        #expect(throws: DocumentSourceReadError.notBinary(.xml)) { try DocumentSourceAttribute(decoding: xml) }
        let array = try Plistlib.dumps("['identifier']")
        #expect(throws: DocumentSourceReadError.rootNotDictionary("an array")) {
            try DocumentSourceAttribute(decoding: array)
        }
    }

    @Test func truncatedBytesAreUndecodableWithAnOffset() throws {
        let bytes = DocumentSourceAttribute(identifier: "a", name: "b").encoded()
        do {
            _ = try DocumentSourceAttribute(decoding: Array(bytes.dropLast(5)))
            Issue.record("a truncated bplist was read")
        } catch {
            guard case .undecodable(let decodeError) = error else {
                Issue.record("expected undecodable, got \(error)")
                return
            }
            #expect(decodeError.offset >= 0 && decodeError.offset <= bytes.count)
        }
    }
}
