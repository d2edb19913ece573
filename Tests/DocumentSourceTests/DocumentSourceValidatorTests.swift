// Tests/DocumentSourceTests/DocumentSourceValidatorTests.swift - Findings, codes and levels

import BinaryPlist
import DocumentSource
import TestSupport
import Testing

@Suite struct DocumentSourceValidatorTests {
    func codes(_ bytes: [UInt8]) -> [String] { DocumentSourceValidator.validate(bytes).findings.map(\.code) }

    @Test func completeCanonicalAttributeIsClean() {
        let bytes = DocumentSourceAttribute(
            identifier: "com.x", name: "X", path: "dir/file", appInfoURL: "https://x.example/appInfo.json"
        ).encoded()
        let report = DocumentSourceValidator.validate(bytes)
        #expect(report.findings == [])
        #expect(!report.hasErrors)
        #expect(report.portability.allSatisfy { $0.fits })
        #expect(report.size == bytes.count)
    }

    @Test func xmlAndOpenStepAreFormatErrors() throws {
        let xml = try Plistlib.dumps("{'identifier': 'a', 'name': 'b'}", format: "FMT_XML")
        #expect(codes(xml) == ["format.xml"])
        #expect(DocumentSourceValidator.validate(xml).hasErrors)
        #expect(codes(Array("{identifier = a; name = b;}".utf8)) == ["format.openstep"])
        #expect(codes([]) == ["format.empty"])
    }

    @Test func nonDictionaryRootIsASchemaError() throws {
        let report = DocumentSourceValidator.validate(try Plistlib.dumps("['identifier', 'name']"))
        #expect(report.findings.map(\.code) == ["schema.root-not-dictionary"])
        #expect(report.attribute == nil)
        #expect(report.hasErrors)
    }

    @Test func wrongTypesUnknownAndMissingKeys() throws {
        let bytes = try Plistlib.dumps("{'identifier': 'a', 'name': 5, 'zeta': 'z', 'alpha': 1}")
        let findings = DocumentSourceValidator.validate(bytes).findings
        #expect(
            findings.map(\.code) == [
                "schema.value-not-string", "schema.missing-optional-key", "schema.missing-optional-key",
                "schema.unknown-key", "schema.unknown-key",
            ])
        #expect(findings.map(\.key) == ["name", "path", "appInfoURL", "alpha", "zeta"])
        #expect(findings.map(\.level) == [.error, .warning, .warning, .warning, .warning])
    }

    @Test func missingIdentifierIsAnError() throws {
        let findings = DocumentSourceValidator.validate(try Plistlib.dumps("{'name': 'n', 'path': 'p'}")).findings
        #expect(findings.first { $0.key == "identifier" }?.code == "schema.missing-required-key")
        #expect(findings.first { $0.key == "identifier" }?.level == .error)
    }

    @Test func duplicateKeyIsReportedAndStillRead() {
        var plist = HandBuiltBPlist()
        let key = plist.ascii("name")
        let first = plist.ascii("First")
        let second = plist.ascii("Second")
        let idKey = plist.ascii("identifier")
        let idValue = plist.ascii("com.x")
        let root = plist.dictionary([(idKey, idValue), (key, first), (key, second)])
        let report = DocumentSourceValidator.validate(plist.bytes(root: root))
        let duplicate = report.findings.first { $0.code == "schema.duplicate-key" }
        #expect(duplicate?.level == .error)
        #expect(duplicate?.offset != nil)
        #expect(report.attribute?.identifier == "com.x")
        #expect(report.attribute?.name == "First")  // CoreFoundation keeps the first
    }

    /// A fault that only the strict reading refuses (a 16-byte integer above 2^64 − 1, which the lenient reading
    /// truncates as CoreFoundation does) is still a finding, and the attribute is still read. Dropping the strict
    /// pass's finding survived every test of this module (seed-2 mutation draw of 2026-12-08,
    /// `DocumentSourceValidator.swift:80`): every other fault the tests tried fails both passes.
    @Test func aFaultOnlyTheStrictReadingRefusesIsReported() {
        var plist = HandBuiltBPlist()
        let idKey = plist.ascii("identifier")
        let idValue = plist.ascii("com.x")
        let nameKey = plist.ascii("name")
        let nameValue = plist.ascii("X")
        let extraKey = plist.ascii("count")
        let wide = plist.raw([0x14] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 2])
        let root = plist.dictionary([(idKey, idValue), (nameKey, nameValue), (extraKey, wide)])
        let report = DocumentSourceValidator.validate(plist.bytes(root: root))
        let decode = report.findings.filter { $0.code == "decode.error" }
        #expect(decode.count == 1, "\(report.findings.map(\.message))")
        #expect(decode.first?.message.hasPrefix("[limit]") == true)
        #expect(decode.first?.clause.id == "bplist.limit.value")
        #expect(report.attribute?.identifier == "com.x" && report.attribute?.name == "X")
    }

    @Test func truncatedBytesGiveADecodeErrorWithOffset() {
        let bytes = DocumentSourceAttribute(identifier: "a", name: "b").encoded()
        let findings = DocumentSourceValidator.validate(Array(bytes.dropLast(3))).findings
        #expect(findings.map(\.code) == ["decode.error"])
        #expect(findings.first?.offset != nil)
        #expect(findings.first?.group == .decode)
    }

    /// `bplist01`…`bplist09`: one `format.binary-version` finding, and the attribute is still read (as
    /// CoreFoundation reads it); the strict decoder's header error is not reported a second time.
    @Test func otherVersionDigitIsOneFindingAndStillRead() {
        let attribute = DocumentSourceAttribute(identifier: "a", name: "b", path: "p", appInfoURL: "https://h/")
        var bytes = attribute.encoded()
        bytes[7] = UInt8(ascii: "1")
        let report = DocumentSourceValidator.validate(bytes)
        #expect(report.findings.map(\.code) == ["format.binary-version"])
        #expect(report.findings.first?.offset == 6, "the version digits follow the six bytes of \"bplist\"")
        #expect(report.attribute == attribute)
    }

    /// Every header fault that is not just another version digit is reported: a header cut short after `bplist`
    /// (once an index past the end, had the length check been weaker) and a non-digit version. The version-only
    /// case stays one finding even when the input is nothing but its eight header bytes. (Survivors of the
    /// 2026-12-07 sample: the length check of `isVersionOnly` at 0, 1 or 8, its digit check dropped, `&&` as `||`.)
    @Test(arguments: [("bplist", true), ("bplist0", true), ("bplist0x", true), ("bplist01", false)])
    func headerFaultsOtherThanTheVersionAreReported(header: String, reported: Bool) {
        let findings = DocumentSourceValidator.validate(Array(header.utf8)).findings
        let headerFindings = findings.filter { $0.code == "decode.error" && $0.message.hasPrefix("[header]") }
        #expect(headerFindings.count == (reported ? 1 : 0), "\(findings.map(\.message))")
        if !reported { #expect(findings.map(\.code).contains("format.binary-version")) }
    }

    /// A header cut before its two version bytes has no version to name: only the header finding, not a
    /// "version ''" or "version '0'" (what `xds validate --bytes` printed for six bytes `bplist` until 2026-12-08).
    @Test(arguments: ["bplist", "bplist0"])
    func aHeaderCutBeforeItsVersionNamesNoVersion(header: String) {
        let findings = DocumentSourceValidator.validate(Array(header.utf8)).findings
        #expect(!findings.map(\.code).contains("format.binary-version"), "\(findings.map(\.message))")
        #expect(findings.contains { $0.code == "decode.error" && $0.message.hasPrefix("[header]") })
    }

    @Test func conventionFindings() {
        let bytes = DocumentSourceAttribute(
            identifier: "com.x", name: "X", path: "/abs/../etc", appInfoURL: "http://x.example/appInfo.json"
        ).encoded()
        let findings = DocumentSourceValidator.validate(bytes).findings
        #expect(
            findings.map(\.code) == [
                "convention.app-info-url-not-https", "convention.path-absolute", "convention.path-parent",
            ])
        #expect(findings.map(\.level) == [.error, .warning, .error])
    }

    /// A field that is present but empty is a warning naming its key, one per such field in key order; the
    /// attribute is still read (the CI mutation sample's survivor ConventionRules.swift:17, which dropped it).
    @Test func anEmptyValueIsAWarningNamingItsKey() {
        let attribute = DocumentSourceAttribute(
            identifier: "com.x", name: "", path: "", appInfoURL: "https://x.example/appInfo.json")
        let report = DocumentSourceValidator.validate(attribute.encoded())
        let empty = report.findings.filter { $0.code == "convention.empty-value" }
        #expect(empty.compactMap(\.key) == ["name", "path"])
        #expect(empty.map(\.message) == ["'name' is an empty string", "'path' is an empty string"])
        #expect(empty.allSatisfy { $0.level == .warning })
        #expect(report.attribute == attribute)
        #expect(!report.hasErrors)
    }

    @Test(arguments: [
        (1_000, ["ext4-1k"]), (5_000, ["ext4-1k", "ext4-4k"]), (20_000, ["ext4-1k", "ext4-4k", "btrfs-16k"]),
    ])
    func portabilityNamesWhereItDoesNotFit(pathLength: Int, misses: [String]) {
        let bytes = DocumentSourceAttribute(
            identifier: "com.x", name: "X", path: String(repeating: "p", count: pathLength),
            appInfoURL: "https://x.example/a.json"
        ).encoded()
        let report = DocumentSourceValidator.validate(bytes)
        let portability = report.findings.filter { $0.code == "portability.too-large" }
        #expect(portability.compactMap(\.key) == misses)
        #expect(portability.allSatisfy { $0.level == .warning })
        #expect(report.portability.filter { !$0.fits }.map(\.target.id) == misses)
        #expect(!report.hasErrors)
    }

    @Test func overTheLinuxLimitIsAnError() {
        let bytes = DocumentSourceAttribute(
            identifier: "com.x", name: "X", path: String(repeating: "p", count: 70_000),
            appInfoURL: "https://x.example/a.json"
        ).encoded()
        let report = DocumentSourceValidator.validate(bytes)
        // One finding: a value no filesystem takes is not also listed target by target.
        #expect(report.findings.map(\.code) == ["portability.too-large-everywhere"])
        #expect(report.findings.first?.level == .error)
        #expect(report.hasErrors)
    }

    @Test func exactlyTheLinuxLimitIsOnlyWarnedTargetByTarget() throws {
        let sized = (65_000...65_536).lazy.map { length in
            DocumentSourceAttribute(
                identifier: "com.x", name: "X", path: String(repeating: "p", count: length),
                appInfoURL: "https://x.example/a.json"
            ).encoded()
        }
        let bytes = try #require(sized.first { $0.count == AttributeSizeLimits.linuxMaximum })
        let report = DocumentSourceValidator.validate(bytes)
        // Over ext4's and btrfs's limits, within xfs's and tmpfs's: three warnings, no error.
        #expect(report.findings.map(\.code) == Array(repeating: "portability.too-large", count: 3))
        #expect(!report.hasErrors)
    }

    @Test func longNameBreaksTheMacOSLimit() {
        let bytes = DocumentSourceAttribute(identifier: "a", name: "b", path: "p", appInfoURL: "https://h/").encoded()
        let name = "user." + String(repeating: "n", count: 128)
        #expect(
            DocumentSourceValidator.validate(bytes, name: name).findings.map(\.code) == ["portability.name-too-long"])
        #expect(DocumentSourceValidator.validate(bytes).findings == [])
        // 127 bytes is still within the limit.
        let longest = "user." + String(repeating: "n", count: 127)
        #expect(DocumentSourceValidator.validate(bytes, name: longest).findings == [])
    }

    @Test func everyCodeHasAStableGroupPrefix() {
        for code in ValidationFinding.Code.allCases {
            #expect(code.rawValue.hasPrefix(code.group.rawValue + "."))
        }
    }
}
