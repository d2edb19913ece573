// Tests/BuiltInPeersTests/OriginalAttributeTests.swift - The `original` row reads and writes as the class does

import AttributeFiles
import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

/// `readDocumentSourceAttributeAtURL:` and `writeToURL:` through the `original` built-in, on real xattrs in the
/// runner's kind of work directory (which takes user attributes on this machine's /tmp).
@Suite struct OriginalAttributeTests {
    private let original: any Implementation
    private let work: String

    init() throws {
        let locations = BuiltInLocations(
            xds: BuiltProducts.path(of: "xds"), foundationAdapter: BuiltProducts.path(of: "xds-adapter-foundation"),
            python: "python3",
            plistlibAdapter: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py")
        original = try BuiltIn.original.make(locations, limits: ProcessLimits(timeout: 30), referenceVersion: "test")
            .get()
        work = try #require(RunEnvironment.makeWorkDirectory())
    }

    private func file(holding value: [UInt8]?) throws -> String {
        let path = work + "/f-" + UUID().uuidString
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        if let value { try ExtendedAttributes.setValue(value, named: ExtendedAttributes.documentSourceName, at: path) }
        return path
    }

    private func fields(_ result: CallResult) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout))
        return try #require(object as? [String: String])
    }

    @Test func readsXMLAndOpenStepAttributesAsCoreFoundationDoes() throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>name</key><string>Working Copy</string>\
            <key>identifier</key><integer>7</integer></dict></plist>
            """
        let xmlResult = original.perform(.readAttribute(path: try file(holding: Array(xml.utf8))))
        #expect(xmlResult.verdict == .accepted)
        // The integer identifier fails isKindOfClass:[NSString class] and is dropped; the name is kept.
        #expect(try fields(xmlResult) == ["name": "Working Copy"])
        let openStep = #"{ name = "Working Copy"; path = "a/b.md"; }"#
        let openStepResult = original.perform(.readAttribute(path: try file(holding: Array(openStep.utf8))))
        #expect(openStepResult.verdict == .accepted)
        #expect(try fields(openStepResult) == ["name": "Working Copy", "path": "a/b.md"])
    }

    @Test func noAttributeAndANonDictionaryAreNil() throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        #expect(original.perform(.readAttribute(path: try file(holding: nil))).verdict == .rejected)
        let array = Array("(one, two)".utf8)
        #expect(original.perform(.readAttribute(path: try file(holding: array))).verdict == .rejected)
    }

    @Test func anAppInfoURLThatNSURLRefusesIsDroppedAndTheRestKept() throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let text = #"{ name = N; appInfoURL = "not a url"; }"#
        let result = original.perform(.readAttribute(path: try file(holding: Array(text.utf8))))
        #expect(try fields(result) == ["name": "N"])
    }

    @Test func writesWithCoreFoundationsBinaryWriter() throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let path = try file(holding: nil)
        let input = #"{"identifier":"a","name":"b","path":"c","appInfoURL":"https://example.com/appInfo.json"}"#
        let result = original.perform(.writeAttribute(path: path, fields: Array(input.utf8)))
        #expect(result.verdict == .accepted)
        let bytes = try #require(try ExtendedAttributes.value(named: ExtendedAttributes.documentSourceName, at: path))
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let read = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        #expect(format == .binary)
        #expect(
            read as? [String: String] == [
                "identifier": "a", "name": "b", "path": "c", "appInfoURL": "https://example.com/appInfo.json",
            ])
    }

    @Test(arguments: [
        #"{"identifier":"a","name":"b","path":"c"}"#,
        #"{"identifier":"a","name":"b","path":"c","appInfoURL":"not a url"}"#,
        #"{"name":"b","path":"c","appInfoURL":"https://example.com/"}"#,
    ])
    func aNilFieldRaisesInTheDictionaryLiteral(input: String) throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let path = try file(holding: nil)
        let result = original.perform(.writeAttribute(path: path, fields: Array(input.utf8)))
        #expect(result.exitStatus == 3)
        #expect(try ExtendedAttributes.value(named: ExtendedAttributes.documentSourceName, at: path) == nil)
    }

    @Test func httpSelectionsCarryTheAppTransportSecurityNote() {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let json = Array(#"{"icons":[{"width":58,"height":58,"src":"icon.png"}]}"#.utf8)
        let result = original.perform(
            .selectIcon(scale: 2, appInfoURL: "http://example.com/appInfo.json", appInfo: json))
        #expect(result.verdict == .accepted)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "http://example.com/icon.png\n")
        #expect(String(decoding: result.stderr, as: UTF8.self).contains("App Transport Security"))
    }
}
