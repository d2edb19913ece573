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
        .library(name: "IconImages", targets: ["IconImages"]),
        .library(name: "LibplistBridge", targets: ["LibplistBridge"]),
        // The fuzz oracles, for the FuzzTesting package (which depends on this one by path).
        .library(name: "FuzzCommon", targets: ["FuzzCommon"]),
        .library(name: "AdapterOutputOracle", targets: ["AdapterOutputOracle"]),
    ],
    targets: [
        // The bplist00 codec: stdlib only.
        .target(name: "BinaryPlist"),
        // The one seeded random generator of the bench and the property tests.
        .target(name: "SeededRandom"),
        // Tagged JSON (DESIGN §3) <-> PropertyListValue.
        .target(name: "TaggedJSON", dependencies: ["BinaryPlist"]),
        // The four-field attribute model, knows nothing of files.
        .target(name: "DocumentSource", dependencies: ["BinaryPlist"]),
        // Reading and writing the attribute on real files, through the only Glibc-facing attribute code
        // (getxattr/setxattr and errno; paths as bytes).
        .target(
            name: "AttributeFiles",
            dependencies: [
                "DocumentSource", "ReportFormatting", .target(name: "CAttr", condition: .when(platforms: [.linux])),
            ]),
        // appInfo.json, the legacy and recommended icon selection, URL resolution.
        .target(name: "Icons", dependencies: ["DocumentSource"]),
        // C libraries from Debian.
        .systemLibrary(
            name: "CLibplist", pkgConfig: "libplist-2.0", providers: [.apt(["libplist-dev"])]),
        .systemLibrary(name: "CAttr", providers: [.apt(["libattr1-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // PNG/JPEG header checks, decoding and encoding: apart from icon loading because the image fuzz target and
        // the vector generator link it alone.
        .target(name: "IconImages", dependencies: ["CPNG", "CTurboJPEG"]),
        // Icon loading (Docs/icons.md): https with libcurl, the cairo mask, the cache (libcrypto), the pipeline.
        .target(
            name: "IconLoading",
            dependencies: ["Icons", "IconImages", "AttributeFiles", "CCurl", "CCairo", "CCrypto"]),
        // The icon-loading conformance area: reading its vectors (Vectors/icon-loading), the session and judge, and the
        // conformance session's resource for the load-icon case kind (the image libraries stay out of the runner).
        .target(
            name: "IconLoadingArea",
            dependencies: [
                "ConformanceModel", "ConformanceRunner", "ChildProcess", "IconImages", "IconLoading",
                "ReportFormatting",
            ]),
        // libplist's C API as an implementation (oracle, built-in peer, bench baseline).
        .target(name: "LibplistBridge", dependencies: ["CLibplist", "BinaryPlist"]),
        // Every child process: spawning with rlimits, a timeout, its own process group, output drained and capped.
        // The frames of the persistent adapter mode (`CMD serve`), for the runner and the Swift adapters' serve loop.
        .target(name: "ChildProcess"),
        // Vectors, manifest, cases, outcomes, reports and known-failure lists as data, and Docs/spec.md's
        // requirements parsed by the document's own convention; runs nothing.
        .target(name: "ConformanceModel", dependencies: ["DocumentSource", "ReportFormatting"]),
        // The generated vector families: the model only, never the codec they judge (own JSON and bplist writers);
        // IconImages encodes the icon-loading area's source images (and decodes them for their stated colours).
        .target(name: "VectorGenerators", dependencies: ["ConformanceModel", "IconImages"]),
        // Runs cases on implementations through the adapter protocol and judges the answers.
        .target(
            name: "ConformanceRunner",
            dependencies: [
                "ConformanceModel", "ChildProcess", "BinaryPlist", "TaggedJSON", "AttributeFiles", "ReportFormatting",
            ]),
        // The built-in implementations: the in-process reference, libplist, Foundation, plistlib, original.
        .target(
            name: "BuiltInPeers",
            dependencies: [
                "ConformanceModel", "ConformanceRunner", "ChildProcess", "BinaryPlist", "TaggedJSON", "DocumentSource",
                "Icons", "AttributeFiles", "IconLoading",
            ],
            // Shipped next to the executables (x-document-source_BuiltInPeers.resources), so an installed xds
            // finds its lists, the plistlib adapter and the icon fixture server outside a checkout.
            resources: [.copy("KnownFailures"), .copy("plistlib"), .copy("IconFixtureServer")]),
        // The conformance use case: vectors × implementations (built-ins, an adapter) → a report, with the
        // icon-loading area as the session's resource and the known-failure lists read and written.
        .target(
            name: "ConformanceSuite",
            dependencies: [
                "ConformanceModel", "ConformanceRunner", "BuiltInPeers", "IconLoadingArea", "ChildProcess",
                "ReportFormatting",
            ]),
        // HTML/XML entities, text and Markdown tables, the HTML style sheet, report JSON: the format helpers; and
        // TerminalText, the one escaping rule for untrusted text and non-UTF-8 bytes, on the terminal and in reports.
        .target(name: "ReportFormatting"),
        // The reports: conformance results rendered (JSON, Markdown, HTML, JUnit, terminal; computes nothing),
        // Reports/bench.json, bench.md and bench.png (the model `xds-bench` writes and `xds report` re-renders),
        // and the pictures drawn with cairo as PNG (the results picture, the bench and fuzz-coverage line plots).
        .target(
            name: "Reporting",
            dependencies: ["ConformanceModel", "ReportFormatting", "CCairo"]),
        // Loop devices, mounts, limit probes on real filesystems.
        .target(
            name: "FilesystemHarness",
            dependencies: [
                "AttributeFiles", "DocumentSource", "CAttr", "ChildProcess", "TaggedJSON", "ReportFormatting",
                "ConformanceModel",
            ]),
        // `xds differential`: every implementation on every corpus file, disagreements clustered by signature.
        .target(
            name: "Differential",
            dependencies: [
                "BinaryPlist", "TaggedJSON", "ChildProcess", "ConformanceModel", "ConformanceRunner", "BuiltInPeers",
                "ReportFormatting",
            ]),
        // The xds command set, as a library so tests, fuzzers and benches can reach it.
        .target(
            name: "XDSCommands",
            dependencies: [
                "BinaryPlist", "TaggedJSON", "AttributeFiles", "DocumentSource", "Icons", "LibplistBridge",
                "ChildProcess", "ConformanceModel", "ConformanceRunner", "BuiltInPeers", "Reporting",
                "ReportFormatting", "FilesystemHarness", "IconLoading", "ConformanceSuite", "Differential",
            ]),
        .executableTarget(name: "xds", dependencies: ["XDSCommands"]),
        // Any property list through Codable: the Foundation peer's and the bench's PropertyListDecoder value.
        .target(name: "CodablePropertyList", dependencies: ["BinaryPlist"]),
        // Foundation's two parsers, each in its own process because both crash on some inputs.
        .executableTarget(
            name: "xds-adapter-foundation",
            dependencies: [
                "TaggedJSON", "BinaryPlist", "CodablePropertyList", "ChildProcess", "ConformanceModel",
                .target(name: "CAttr", condition: .when(platforms: [.linux])),
            ]),
        // make bench.
        .executableTarget(
            name: "xds-bench",
            dependencies: [
                "BinaryPlist", "LibplistBridge", "Icons", "AttributeFiles", "ChildProcess", "ReportFormatting",
                "SeededRandom", "CodablePropertyList", "CAttr", "DocumentSource", "ConformanceModel", "Reporting",
            ]),
        // Writes the generated vector families into Vectors/.
        .executableTarget(name: "generate-vectors", dependencies: ["VectorGenerators"]),
        // The fuzz oracles, shared by the libFuzzer targets (FuzzTesting/) and the regression replay.
        .target(
            name: "FuzzCommon",
            dependencies: ["BinaryPlist", "DocumentSource", "Icons", "LibplistBridge", "TaggedJSON", "SeededRandom"],
            path: "FuzzTesting/Sources/FuzzCommon"),
        // The adapter-output oracle on its own: the runner it links is instrumented code no other target
        // runs, and libFuzzer scans every instrumented counter of a binary after each input.
        .target(
            name: "AdapterOutputOracle",
            dependencies: ["FuzzCommon", "ConformanceModel", "ConformanceRunner", "ChildProcess"],
            path: "FuzzTesting/Sources/AdapterOutputOracle"),
        // Replays Vectors/*/regressions/ through the fuzz oracles in a release build (make test).
        .executableTarget(name: "xds-fuzz-replay", dependencies: ["FuzzCommon", "BinaryPlist"]),

        // What the tests share: synthetic vector sets, fixture adapters, built products, the mount gate.
        .target(
            name: "TestSupport",
            dependencies: [
                "ChildProcess", "ConformanceModel", "ConformanceRunner", "FilesystemHarness", "BinaryPlist",
                "SeededRandom",
            ],
            path: "Tests/TestSupport", exclude: ["Fixtures"]),

        .testTarget(name: "BinaryPlistTests", dependencies: ["BinaryPlist", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "TaggedJSONTests", dependencies: ["TaggedJSON", "BinaryPlist", "SeededRandom", "TestSupport"]),
        .testTarget(name: "DocumentSourceTests", dependencies: ["DocumentSource", "BinaryPlist", "TestSupport"]),
        .testTarget(
            name: "AttributeFilesTests",
            dependencies: ["AttributeFiles", "DocumentSource", "FilesystemHarness", "ChildProcess", "TestSupport"]),
        .testTarget(name: "IconsTests", dependencies: ["Icons", "SeededRandom", "TestSupport"]),
        .testTarget(name: "LibplistBridgeTests", dependencies: ["LibplistBridge", "BinaryPlist"]),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess", "TestSupport"]),
        .testTarget(
            name: "ConformanceModelTests",
            dependencies: ["ConformanceModel", "ChildProcess", "DocumentSource", "BinaryPlist"]),
        .testTarget(
            name: "ConformanceRunnerTests",
            dependencies: [
                "ConformanceRunner", "ConformanceModel", "ChildProcess", "BuiltInPeers", "BinaryPlist", "TestSupport",
            ]),
        .testTarget(
            name: "BuiltInPeersTests",
            dependencies: [
                "BuiltInPeers", "ConformanceRunner", "ConformanceModel", "ChildProcess", "TestSupport", "TaggedJSON",
                "BinaryPlist",
            ]),
        .testTarget(
            name: "ConformanceSuiteTests",
            dependencies: ["ConformanceSuite", "ConformanceModel", "ConformanceRunner", "BuiltInPeers", "TestSupport"]),
        .testTarget(name: "DifferentialTests", dependencies: ["Differential"]),
        .testTarget(name: "ReportFormattingTests", dependencies: ["ReportFormatting"]),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "ReportFormatting", "ConformanceModel", "ChildProcess", "TestSupport"]),
        .testTarget(
            name: "FilesystemHarnessTests",
            dependencies: ["FilesystemHarness", "AttributeFiles", "DocumentSource", "TestSupport"]),
        .testTarget(
            name: "XDSEndToEndTests",
            dependencies: [
                "XDSCommands", "ChildProcess", "ConformanceModel", "TestSupport", "ReportFormatting", "AttributeFiles",
                "Differential",
            ]),
        .testTarget(
            name: "IconLoadingTests",
            dependencies: [
                "IconLoading", "IconImages", "Icons", "CTurboJPEG", "XDSCommands", "IconLoadingArea", "AttributeFiles",
                "DocumentSource", "ConformanceModel", "ConformanceRunner", "BuiltInPeers", "TestSupport",
                "ChildProcess",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "FuzzCommonTests",
            dependencies: [
                "FuzzCommon", "AdapterOutputOracle", "BinaryPlist", "Icons", "SeededRandom", "ConformanceModel",
                "ConformanceRunner", "ChildProcess", "TestSupport", "DocumentSource",
            ]),
        .testTarget(
            name: "VectorSetTests",
            dependencies: [
                "VectorGenerators", "ConformanceModel", "BinaryPlist", "TaggedJSON", "Icons", "DocumentSource",
                "TestSupport",
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
