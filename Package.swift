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
        .target(name: "AttributeFiles", dependencies: ["XAttr", "DocumentSource", "BinaryPlist"]),
        // appInfo.json, the legacy and recommended icon selection, URL resolution.
        .target(name: "Icons"),
        // C libraries from Debian.
        .systemLibrary(
            name: "CLibplist", pkgConfig: "libplist-2.0", providers: [.apt(["libplist-dev"])]),
        .systemLibrary(name: "CAttr", providers: [.apt(["libattr1-dev"])]),
        // libplist's C API as an implementation (oracle, built-in peer, bench baseline).
        .target(name: "LibplistBridge", dependencies: ["CLibplist", "BinaryPlist"]),
        // Vectors, manifest, adapter protocol, runner, outcomes.
        .target(
            name: "Conformance",
            dependencies: [
                "BinaryPlist", "TaggedJSON", "DocumentSource", "Icons", "LibplistBridge", "XAttr", "AttributeFiles",
            ],
            exclude: ["KnownFailures"]),
        // Renders results (JSON, Markdown, HTML, JUnit); computes nothing.
        .target(name: "Reporting", dependencies: ["Conformance"]),
        // Loop devices, mounts, limit probes on real filesystems.
        .target(
            name: "FilesystemHarness",
            dependencies: ["XAttr", "AttributeFiles", "DocumentSource", "BinaryPlist", "CAttr", "Reporting"]),
        // The xds command set, as a library so tests, fuzzers and benches can reach it.
        .target(
            name: "XDSCommands",
            dependencies: [
                "BinaryPlist", "TaggedJSON", "XAttr", "DocumentSource", "AttributeFiles", "Icons",
                "LibplistBridge", "Conformance", "Reporting", "FilesystemHarness",
            ]),
        .executableTarget(name: "xds", dependencies: ["XDSCommands"]),
        // Foundation's two parsers, each in its own process because both crash on some inputs.
        .executableTarget(name: "xds-adapter-foundation", dependencies: ["TaggedJSON", "BinaryPlist"]),
        // make bench.
        .executableTarget(
            name: "xds-bench",
            dependencies: [
                "BinaryPlist", "LibplistBridge", "Icons", "XAttr", "DocumentSource", "Reporting", "SeededRandom",
            ]),
        // Writes the generated vector families into Vectors/.
        .executableTarget(name: "generate-vectors", dependencies: ["Conformance", "BinaryPlist"]),
        // The fuzz oracles, shared by the libFuzzer targets (FuzzTesting/) and the regression replay.
        .target(
            name: "FuzzCommon",
            dependencies: [
                "BinaryPlist", "DocumentSource", "Icons", "LibplistBridge", "TaggedJSON", "Conformance", "SeededRandom",
            ],
            path: "FuzzTesting/Sources/FuzzCommon"),
        // Replays Vectors/*/regressions/ through the fuzz oracles in a release build (make test).
        .executableTarget(name: "xds-fuzz-replay", dependencies: ["FuzzCommon", "BinaryPlist"]),

        .testTarget(name: "BinaryPlistTests", dependencies: ["BinaryPlist", "SeededRandom"]),
        .testTarget(name: "TaggedJSONTests", dependencies: ["TaggedJSON", "BinaryPlist", "SeededRandom"]),
        .testTarget(name: "DocumentSourceTests", dependencies: ["DocumentSource", "BinaryPlist"]),
        .testTarget(
            name: "AttributeFilesTests",
            dependencies: ["AttributeFiles", "XAttr", "DocumentSource", "BinaryPlist", "FilesystemHarness"]),
        .testTarget(name: "IconsTests", dependencies: ["Icons", "SeededRandom"]),
        .testTarget(name: "LibplistBridgeTests", dependencies: ["LibplistBridge", "BinaryPlist"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "Conformance"]),
        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "Reporting", "BinaryPlist"], exclude: ["Fixtures"]),
        .testTarget(name: "FilesystemHarnessTests", dependencies: ["FilesystemHarness", "XAttr", "AttributeFiles"]),
        .testTarget(name: "XDSEndToEndTests", dependencies: ["XDSCommands"]),
        .testTarget(
            name: "FuzzCommonTests",
            dependencies: ["FuzzCommon", "BinaryPlist", "Icons", "SeededRandom", "Conformance"]),
        .testTarget(
            name: "VectorSetTests", dependencies: ["Conformance", "BinaryPlist", "TaggedJSON", "Icons", "DocumentSource"]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
