// Tests/FilesystemHarnessTests/AttributeProbeTests.swift - fs-probe's measurements on real mounts against the formulas

import Foundation
import Testing
import XAttr

@testable import FilesystemHarness

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct AttributeProbeTests {
    /// Each filesystem with the limit the issue states for `user.x-document-source` and the errno above it.
    static let expectations: [(kind: FilesystemKind, sizeMiB: Int, limit: Int, above: String)] = [
        (.ext4(), 16, 4024, "ENOSPC"), (.ext4(blockSize: 1024), 16, 952, "ENOSPC"), (.xfs, 300, 65536, "E2BIG"),
        (.tmpfs, 8, 65536, "E2BIG"),
    ]

    @Test(arguments: 0..<expectations.count)
    func measuredLimitsEqualTheWritersFormula(index: Int) throws {
        let expected = Self.expectations[index]
        try Mounts.withMountedFilesystem(expected.kind, sizeMiB: expected.sizeMiB) { fs in
            let result = try AttributeProbe.probe(fs.mountPoint)
            #expect(result.geometry.type == expected.kind.typeName)
            #expect(result.supportsUserAttributes)
            #expect(result.fileLimit == expected.limit)
            let file = try #require(result.limits.first { $0.id == "file" })
            #expect(file.errnoAbove == expected.above)
            for limit in result.limits where limit.formula != nil {
                #expect(limit.agreesWithFormula == true, "\(limit.id): \(String(describing: limit.maximum))")
            }
            #expect(result.limits.first { $0.id == "directory" }?.maximum == expected.limit)
            for errnoCase in result.errnos { #expect(errnoCase.matches, "\(errnoCase.id): \(errnoCase.result)") }
            #expect(result.cleanedUp)
            let left = try FileManager.default.contentsOfDirectory(atPath: fs.mountPoint)
            #expect(left.allSatisfy { !$0.hasPrefix(".xds-fs-probe") })
        }
    }

    /// The formula at the limit is accepted by the kernel and at limit + 1 refused, for each name length.
    @Test(arguments: 0..<expectations.count)
    func formulaAgreesWithTheKernelAtLimitAndOneAbove(index: Int) throws {
        let expected = Self.expectations[index]
        try Mounts.withMountedFilesystem(expected.kind, sizeMiB: expected.sizeMiB) { fs in
            let geometry = try FilesystemGeometry.of(fs.mountPoint)
            for name in ["user.x", AttributeProbe.attributeName, "user." + String(repeating: "n", count: 250)] {
                let limit = try #require(LimitFormula.limit(for: geometry, name: name))
                let file = fs.path("limit-\(name.utf8.count)")
                #expect(FileManager.default.createFile(atPath: file, contents: nil))
                try ExtendedAttributes.setValue(ProbeValue.bytes(limit), named: name, at: file)
                #expect(try ExtendedAttributes.value(named: name, at: file) == ProbeValue.bytes(limit))
                try ExtendedAttributes.removeValue(named: name, at: file)
                let refused = #expect(throws: XAttrError.self) {
                    try ExtendedAttributes.setValue(ProbeValue.bytes(limit + 1), named: name, at: file)
                }
                #expect(refused?.errno.symbol == expected.above)
                #expect(try ExtendedAttributes.value(named: name, at: file) == nil)
            }
        }
    }

    @Test func ramfsHasNoUserAttributes() throws {
        try Mounts.withMountedFilesystem(.ramfs) { fs in
            let result = try AttributeProbe.probe(fs.mountPoint)
            #expect(!result.supportsUserAttributes)
            #expect(result.fileLimit == nil)
            #expect(result.limits.first?.errnoAbove == "EOPNOTSUPP")
            #expect(result.cleanedUp)
        }
    }
}
