// Tests/TestSupport/SyntheticVectors.swift - Small vector sets written to a temp dir, and fixture paths

import BinaryPlist
import ConformanceModel
import ConformanceRunner
import Foundation

/// A vector set made for one test in its own temporary directory; inputs are chosen so that the
/// fixture adapters can answer them without a codec (a "plist" input is its own tagged JSON).
public struct SyntheticVectors {
    public let directory: String

    public init(_ vectors: [(metadata: VectorMetadata, input: String, expected: String?)]) throws {
        try self.init(bytes: vectors.map { ($0.metadata, Array($0.input.utf8), $0.expected) })
    }

    public init(bytes vectors: [(metadata: VectorMetadata, input: [UInt8], expected: String?)]) throws {
        directory = NSTemporaryDirectory() + "xds-synthetic-" + UUID().uuidString
        for vector in vectors {
            try write(vector.input, to: vector.metadata.input)
            if let expected = vector.expected, let path = vector.metadata.expected {
                try write(Array(expected.utf8), to: path)
            }
        }
        let manifest = Manifest(suiteVersion: suiteVersion, vectors: vectors.map(\.metadata))
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: directory + "/manifest.json"))
    }

    public func load() throws -> VectorDirectory { try VectorDirectory.load(directory: directory) }

    public func remove() { try? FileManager.default.removeItem(atPath: directory) }

    private func write(_ bytes: [UInt8], to relative: String) throws {
        let path = directory + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Metadata with the usual defaults; `expected` names `<id>.json` when `hasExpected`.
    public static func metadata(
        _ id: String, _ area: VectorArea, _ group: VectorGroup, level: VectorLevel = .required, hasExpected: Bool,
        ext: String = "bplist", tags: [VectorTag] = []
    ) -> VectorMetadata {
        VectorMetadata(
            id: id, area: area, group: group, input: id + "." + ext, expected: hasExpected ? id + ".json" : nil,
            description: "synthetic", spec: "test", level: level, tags: tags, since: suiteVersion,
            error: group == .invalid ? .trailer : nil, made: "by the test")
    }

    /// Real bplist bytes from the codec, real attribute values, real appInfo.json.
    public static func realBytes() throws -> SyntheticVectors {
        let integer = BPlistEncoder.encode(.integer(-7))
        let dictionary = BPlistEncoder.encode(
            .dictionary(["a": .array([.real(2.5), .bool(true)]), "s": .string("é")]))
        let attribute = BPlistEncoder.encode(
            .dictionary([
                "identifier": .string("com.example.app"), "name": .string("Example"), "path": .string("docs/a.md"),
                "appInfoURL": .string("https://example.com/appInfo.json"), "extra": .integer(1),
            ]))
        let rootArray = BPlistEncoder.encode(.array([.string("x")]))
        let appInfo =
            #"{"icons": [{"width": 29, "height": 29, "src": "a.png"}, {"width": 58, "height": 58, "src": "b.png"}]}"#
        return try SyntheticVectors(bytes: [
            (
                SyntheticVectors.metadata("plist/valid/integer", .plist, .valid, hasExpected: true), integer,
                #"{"type": "integer", "value": "-7"}"#
            ),
            (
                SyntheticVectors.metadata("plist/valid/dictionary", .plist, .valid, hasExpected: true), dictionary,
                #"{"a": [{"type": "real", "value": "2.5"}, {"type": "bool", "value": "true"}], "s": {"type": "string", "value": "é"}}"#
            ),
            (
                SyntheticVectors.metadata("plist/invalid/truncated", .plist, .invalid, hasExpected: false),
                Array(integer.prefix(12)), nil
            ),
            (
                SyntheticVectors.metadata("attribute/valid/complete", .attribute, .valid, hasExpected: true), attribute,
                #"{"fields": {"identifier": "com.example.app", "name": "Example", "path": "docs/a.md", "appInfoURL": "https://example.com/appInfo.json"}}"#
            ),
            (
                SyntheticVectors.metadata("attribute/invalid/root-array", .attribute, .invalid, hasExpected: true),
                rootArray,
                #"{"fields": null}"#
            ),
            (
                SyntheticVectors.metadata("icons/valid/pair", .icons, .valid, hasExpected: true, ext: "appinfo"),
                Array(appInfo.utf8),
                #"{"appInfoURL": "https://example.com/app/appInfo.json", "recommended": {"1": {"outcome": "icon", "url": "https://example.com/app/a.png", "index": 0}, "2": {"outcome": "icon", "url": "https://example.com/app/b.png", "index": 1}, "3": {"outcome": "none"}}, "legacy": {}}"#
            ),
        ])
    }

    /// A set covering every area, answerable by `echo-adapter.sh`.
    public static func mixed() throws -> SyntheticVectors {
        try SyntheticVectors([
            (metadata("plist/invalid/junk", .plist, .invalid, hasExpected: false), "bplist00junk", nil),
            (
                metadata("plist/invalid/other", .plist, .invalid, level: .recommended, hasExpected: false), "bplist00",
                nil
            ),
            (
                metadata("plist/implementation-defined/json", .plist, .implementationDefined, hasExpected: false), "{}",
                nil
            ),
            (
                metadata("attribute/valid/name", .attribute, .valid, hasExpected: true), #"{"name":"Working Copy"}"#,
                #"{"fields": {"name": "Working Copy"}}"#
            ),
            (
                metadata("attribute/invalid/xml", .attribute, .invalid, hasExpected: true), "<plist/>",
                #"{"fields": null}"#
            ),
            (
                metadata("icons/valid/one", .icons, .valid, level: .recommended, hasExpected: true, ext: "appinfo"),
                "https://x.example/a.png",
                #"{"appInfoURL": "https://x.example/appInfo.json", "recommended": {"1": {"outcome": "icon", "url": "https://x.example/a.png", "index": 0}, "2": {"outcome": "icon", "url": "https://x.example/a.png", "index": 0}, "3": {"outcome": "none"}}, "legacy": {}}"#
            ),
        ])
    }
}

/// Paths of the fixture adapters next to this file.
public enum Fixtures {
    public static let directory = (#filePath as NSString).deletingLastPathComponent + "/Fixtures"
    public static func adapter(_ name: String) -> String { directory + "/" + name + "-adapter.sh" }
}

/// A process implementation of a fixture adapter with the capabilities it announces.
public func fixtureImplementation(_ name: String, limits: ProcessLimits = ProcessLimits(timeout: 10)) throws
    -> ProcessImplementation
{
    let command = [Fixtures.adapter(name)]
    let capabilities = try ProcessImplementation.probeCapabilities(command, limits: limits).get()
    let info = ImplementationInfo(
        name: name, title: name, version: "test", kind: "adapter", command: command[0], capabilities: capabilities)
    return ProcessImplementation(info: info, command: command, limits: limits)
}

/// An in-process implementation answering from a closure (runner logic without processes).
public struct ClosureImplementation: Implementation {
    public var info: ImplementationInfo
    public var body: @Sendable (AdapterRequest) -> CallResult

    public init(capabilities: [AdapterCall], _ body: @escaping @Sendable (AdapterRequest) -> CallResult) {
        info = ImplementationInfo(
            name: "closure", title: "closure", version: "test", kind: "adapter", command: nil,
            capabilities: capabilities.map(\.rawValue))
        self.body = body
    }

    public func perform(_ request: AdapterRequest) -> CallResult { body(request) }
}

/// A product of this build: debug (as `swift build --build-tests` makes it), else under XDS_RELEASE_BIN.
public func builtProduct(_ name: String) -> String {
    let tests = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    let repository = (tests as NSString).deletingLastPathComponent
    let debug = repository + "/.build/debug/" + name
    if FileManager.default.isExecutableFile(atPath: debug) { return debug }
    return (ProcessInfo.processInfo.environment["XDS_RELEASE_BIN"] ?? repository + "/.build/release") + "/" + name
}

/// The repository root (for the plistlib adapter script).
public let repositoryRoot: String = {
    let tests = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    return (tests as NSString).deletingLastPathComponent
}()
