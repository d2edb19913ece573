// Tests/DocumentSourceTests/PropertyListFormatTests.swift - Telling binary, XML and OpenStep apart

import DocumentSource
import TestSupport
import Testing

@Suite struct PropertyListFormatTests {
    @Test func recognisesBinaryVersions() {
        #expect(PropertyListFormat.detect(Array("bplist00\u{0}".utf8)) == .binary(version: "00"))
        #expect(PropertyListFormat.detect(Array("bplist15".utf8)) == .binary(version: "15"))
    }

    @Test func recognisesPlistlibXML() throws {
        #expect(PropertyListFormat.detect(try Plistlib.dumps("{'a': 'b'}", format: "FMT_XML")) == .xml)
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>", "\u{FEFF}  <plist>", "\n<!DOCTYPE plist>", "\u{FEFF}<?xml version=\"1.0\"?>",
    ])
    func recognisesXMLAfterBOMAndWhitespace(text: String) {
        #expect(PropertyListFormat.detect(Array(text.utf8)) == .xml)
    }

    @Test(arguments: ["{identifier = a;}", "  (a, b)", "\"a\" = \"b\";", "// comment\n{}"])
    func recognisesOpenStepText(text: String) {
        #expect(PropertyListFormat.detect(Array(text.utf8)) == .openStep)
    }

    @Test func emptyAndUnknown() {
        #expect(PropertyListFormat.detect([]) == .empty)
        #expect(PropertyListFormat.detect([0x00, 0x01]) == .unknown)
        #expect(PropertyListFormat.detect(Array("bplis".utf8)) == .unknown)
    }

    /// Only the first 1 KiB is read: a marker at byte 1023 is seen, one at byte 1024 is not.
    @Test func readsExactlyTheFirstKibibyte() {
        let spaces = [UInt8](repeating: 0x20, count: 1023)
        #expect(PropertyListFormat.detect(spaces + Array("{}".utf8)) == .openStep)
        #expect(PropertyListFormat.detect(spaces + [0x20] + Array("{}".utf8)) == .unknown)
    }
}
