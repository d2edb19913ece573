// swift-tools-version:6.0
// FuzzTesting/Package.swift - The libFuzzer targets, a package of their own so fuzz flags stay out of the main one.
//
// Build: swift build --package-path FuzzTesting -c debug -Xswiftc -parse-as-library
//        --sanitize=fuzzer --sanitize=address   (fuzz.sh and .clusterfuzzlite/build.sh do this)
// The oracles live in FuzzCommon, a target of the main package (path FuzzTesting/Sources/FuzzCommon)
// so that `swift test` replays the regression vectors through the very same code without the fuzzer.

import Foundation
import PackageDescription

// A path dependency's identity is its directory's name, whatever the checkout happens to be called.
let parentIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let fuzzCommon = Target.Dependency.product(name: "FuzzCommon", package: parentIdentity)

let package = Package(
    name: "FuzzTesting",
    dependencies: [.package(path: "..")],
    targets: [
        // Declares libFuzzer's LLVMFuzzerMutate for the custom mutators of the bplist targets.
        .target(name: "CFuzzerMutate"),
        .executableTarget(name: "FuzzPlistRoundTrip", dependencies: [fuzzCommon, "CFuzzerMutate"]),
        .executableTarget(name: "FuzzPlistDifferential", dependencies: [fuzzCommon, "CFuzzerMutate"]),
        .executableTarget(name: "FuzzAttribute", dependencies: [fuzzCommon, "CFuzzerMutate"]),
        .executableTarget(name: "FuzzIconSelection", dependencies: [fuzzCommon]),
        .executableTarget(
            name: "FuzzIconImage",
            dependencies: [
                fuzzCommon, .product(name: "IconImages", package: parentIdentity),
                .product(name: "Icons", package: parentIdentity),
            ]),
        .executableTarget(name: "FuzzTaggedJSON", dependencies: [fuzzCommon]),
        .executableTarget(name: "FuzzAppInfoParser", dependencies: [fuzzCommon]),
        .executableTarget(
            name: "FuzzAdapterOutput",
            dependencies: [fuzzCommon, .product(name: "AdapterOutputOracle", package: parentIdentity)]),
        .executableTarget(
            name: "FuzzServeResponse",
            dependencies: [fuzzCommon, .product(name: "AdapterOutputOracle", package: parentIdentity)]),
    ]
)
