// swift-tools-version:6.0
// Package.swift - the x-document-source reference implementation, conformance suite and harness.
//
// One target per concern (see README "Layout"). The codec (BinaryPlist) depends on nothing but
// the standard library; Foundation appears only where JSON, URLs or processes truly need it.

import PackageDescription

let package = Package(
    name: "x-document-source",
    products: [
        .executable(name: "xds", targets: ["xds"]),
        .library(name: "BinaryPlist", targets: ["BinaryPlist"]),
        .library(name: "DocumentSource", targets: ["DocumentSource"]),
        .library(name: "Icons", targets: ["Icons"]),
        .library(name: "LibplistBridge", targets: ["LibplistBridge"]),
        // The fuzz oracles, for the FuzzTesting package (which depends on this one by path).
        .library(name: "FuzzCommon", targets: ["FuzzCommon"]),
    ],
    targets: [
        // The bplist00 codec: stdlib only.
        .target(name: "BinaryPlist"),
        // The one seeded random generator of the bench and the property tests.
        .target(name: "SeededRandom"),
        // Tagged JSON (DESIGN §3) <-> PropertyListValue.
        .target(name: "TaggedJSON", dependencies: ["BinaryPlist"]),
        // getxattr/setxattr and errno, the only Glibc-facing attribute code.
        .target(name: "XAttr", dependencies: [.target(name: "CAttr", condition: .when(platforms: [.linux]))]),
        // The four-field attribute model, knows nothing of files.
        .target(name: "DocumentSource", dependencies: ["BinaryPlist"]),
        // Reading and writing the attribute on real files.
        .target(name: "AttributeFiles", dependencies: ["XAttr", "DocumentSource"]),
        // appInfo.json, the legacy and recommended icon selection, URL resolution.
        .target(name: "Icons"),
        // C libraries from Debian.
        .systemLibrary(
            name: "CLibplist", pkgConfig: "libplist-2.0", providers: [.apt(["libplist-dev"])]),
        .systemLibrary(name: "CAttr", providers: [.apt(["libattr1-dev"])]),
        // libplist's C API as an implementation (oracle, built-in peer, bench baseline).
        .target(name: "LibplistBridge", dependencies: ["CLibplist", "BinaryPlist"]),
        // Vectors, manifest, cases, outcomes, reports and known-failure lists as data; runs nothing.
        .target(name: "ConformanceModel", dependencies: ["DocumentSource"]),
        // The generated vector families: the model only, never the codec they judge (own JSON and bplist writers).
        .target(name: "VectorGenerators", dependencies: ["ConformanceModel"]),
        // Runs cases on implementations through the adapter protocol and judges the answers.
        .target(
            name: "ConformanceRunner", dependencies: ["ConformanceModel", "BinaryPlist", "TaggedJSON", "XAttr"]),
        // The built-in implementations: the in-process reference, libplist, Foundation, plistlib, original.
        .target(
            name: "BuiltInPeers",
            dependencies: [
                "ConformanceModel", "ConformanceRunner", "BinaryPlist", "TaggedJSON", "DocumentSource", "Icons",
                "AttributeFiles",
            ],
            exclude: ["KnownFailures"]),
        // Escaping, text and Markdown tables, the HTML style sheet, report JSON: the format helpers.
        .target(name: "ReportFormatting"),
        // Renders conformance results (JSON, Markdown, HTML, JUnit, terminal); computes nothing.
        .target(name: "Reporting", dependencies: ["ConformanceModel", "ReportFormatting"]),
        // Reports/bench.json and bench.md: the model `xds-bench` writes and `xds report` re-renders.
        .target(name: "BenchReport", dependencies: ["ReportFormatting"]),
        // Loop devices, mounts, limit probes on real filesystems.
        .target(
            name: "FilesystemHarness",
            dependencies: ["XAttr", "AttributeFiles", "DocumentSource", "CAttr", "ReportFormatting"]),
        // The xds command set, as a library so tests, fuzzers and benches can reach it.
        .target(
            name: "XDSCommands",
            dependencies: [
                "BinaryPlist", "TaggedJSON", "XAttr", "DocumentSource", "AttributeFiles", "Icons", "LibplistBridge",
                "ConformanceModel", "ConformanceRunner", "BuiltInPeers", "Reporting", "ReportFormatting", "BenchReport",
                "FilesystemHarness",
            ]),
        .executableTarget(name: "xds", dependencies: ["XDSCommands"]),
        // Foundation's two parsers, each in its own process because both crash on some inputs.
        .executableTarget(name: "xds-adapter-foundation", dependencies: ["TaggedJSON", "BinaryPlist"]),
        // make bench.
        .executableTarget(
            name: "xds-bench",
            dependencies: [
                "BinaryPlist", "LibplistBridge", "Icons", "XAttr", "BenchReport", "ReportFormatting", "SeededRandom",
            ]),
        // Writes the generated vector families into Vectors/.
        .executableTarget(name: "generate-vectors", dependencies: ["VectorGenerators"]),
        // The fuzz oracles, shared by the libFuzzer targets (FuzzTesting/) and the regression replay.
        .target(
            name: "FuzzCommon", dependencies: ["BinaryPlist", "DocumentSource", "Icons", "LibplistBridge"],
            path: "FuzzTesting/Sources/FuzzCommon"),
        // Replays Vectors/*/regressions/ through the fuzz oracles in a release build (make test).
        .executableTarget(name: "xds-fuzz-replay", dependencies: ["FuzzCommon"]),

        // What the tests share: synthetic vector sets, fixture adapters, built products, the mount gate.
        .target(
            name: "TestSupport",
            dependencies: ["ConformanceModel", "ConformanceRunner", "FilesystemHarness", "BinaryPlist"],
            path: "Tests/TestSupport", exclude: ["Fixtures"]),

        .testTarget(name: "BinaryPlistTests", dependencies: ["BinaryPlist", "SeededRandom"]),
        .testTarget(name: "TaggedJSONTests", dependencies: ["TaggedJSON", "BinaryPlist", "SeededRandom"]),
        .testTarget(name: "XAttrTests", dependencies: ["XAttr", "FilesystemHarness", "TestSupport"]),
        .testTarget(name: "DocumentSourceTests", dependencies: ["DocumentSource", "BinaryPlist"]),
        .testTarget(
            name: "AttributeFilesTests",
            dependencies: ["AttributeFiles", "XAttr", "DocumentSource", "FilesystemHarness", "TestSupport"]),
        .testTarget(name: "IconsTests", dependencies: ["Icons", "SeededRandom"]),
        .testTarget(name: "LibplistBridgeTests", dependencies: ["LibplistBridge", "BinaryPlist"]),
        .testTarget(name: "ConformanceModelTests", dependencies: ["ConformanceModel", "ConformanceRunner"]),
        .testTarget(
            name: "ConformanceRunnerTests",
            dependencies: ["ConformanceRunner", "ConformanceModel", "BuiltInPeers", "BinaryPlist", "TestSupport"]),
        .testTarget(
            name: "BuiltInPeersTests",
            dependencies: ["BuiltInPeers", "ConformanceRunner", "ConformanceModel", "TestSupport"]),
        .testTarget(name: "ReportFormattingTests", dependencies: ["ReportFormatting"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "ReportFormatting", "ConformanceModel"]),
        .testTarget(name: "BenchReportTests", dependencies: ["BenchReport", "ReportFormatting"]),
        .testTarget(
            name: "FilesystemHarnessTests",
            dependencies: ["FilesystemHarness", "XAttr", "AttributeFiles", "DocumentSource", "TestSupport"]),
        .testTarget(name: "XDSEndToEndTests", dependencies: ["XDSCommands"]),
        .testTarget(name: "FuzzCommonTests", dependencies: ["FuzzCommon", "BinaryPlist", "Icons"]),
        .testTarget(
            name: "VectorSetTests",
            dependencies: [
                "VectorGenerators", "ConformanceModel", "BinaryPlist", "TaggedJSON", "Icons", "DocumentSource",
            ]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // An import is needed for every module whose members a file uses, so the imports stay true.
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
