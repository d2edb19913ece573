// Tests/FilesystemHarnessTests/AttributeProbeTests.swift - fs-probe's measurements on real mounts against the formulas

import AttributeFiles
import DocumentSource
import Foundation
import TestSupport
import Testing

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

    /// The writer's pre-flight limit is accepted by the kernel and limit + 1 refused, for three name
    /// lengths; and `AttributeFile.write` stores an attribute encoded to exactly the limit but refuses
    /// one a byte larger before touching the file.
    @Test(arguments: 0..<expectations.count)
    func writersPreflightAgreesWithTheKernelAtLimitAndOneAbove(index: Int) throws {
        let expected = Self.expectations[index]
        try Mounts.withMountedFilesystem(expected.kind, sizeMiB: expected.sizeMiB) { fs in
            for name in ["user.x", AttributeProbe.attributeName, "user." + String(repeating: "n", count: 250)] {
                let file = fs.path("limit-\(name.utf8.count)")
                #expect(FileManager.default.createFile(atPath: file, contents: nil))
                let limit = try #require(FilesystemLimit.of(path: file, name: name).maximumValueSize)
                try ExtendedAttributes.setValue(ProbeValue.bytes(limit), named: name, at: file)
                #expect(try ExtendedAttributes.value(named: name, at: file) == ProbeValue.bytes(limit))
                try ExtendedAttributes.removeValue(named: name, at: file)
                let refused = #expect(throws: XAttrError.self) {
                    try ExtendedAttributes.setValue(ProbeValue.bytes(limit + 1), named: name, at: file)
                }
                #expect(refused?.errno.symbol == expected.above)
            }
            let file = fs.path("document")
            #expect(FileManager.default.createFile(atPath: file, contents: nil))
            let atLimit = try #require(Self.attribute(encodedSize: expected.limit))
            try AttributeFile.write(atLimit, to: file)
            #expect(try AttributeFile.readBytes(at: file) == atLimit.encoded())
            let overLimit = try #require(Self.attribute(encodedSize: expected.limit + 1))
            let refused = #expect(throws: AttributeFileError.self) { try AttributeFile.write(overLimit, to: file) }
            if case .tooLarge(_, let size, let refusedLimit, _)? = refused {
                #expect(size == expected.limit + 1 && refusedLimit == expected.limit)
            } else {
                Issue.record("expected tooLarge, got \(String(describing: refused))")
            }
            #expect(try AttributeFile.readBytes(at: file) == atLimit.encoded())
        }
    }

    /// An attribute whose canonical encoding is exactly `encodedSize` bytes (the path is padded).
    static func attribute(encodedSize: Int) -> DocumentSourceAttribute? {
        let base = DocumentSourceAttribute(identifier: "com.example.fs", name: "FS", path: "", appInfoURL: nil)
        var low = 0
        var high = encodedSize
        while low <= high {
            let length = (low + high) / 2
            var candidate = base
            candidate.path = String(repeating: "p", count: length)
            let size = candidate.encoded().count
            if size == encodedSize { return candidate }
            if size < encodedSize { low = length + 1 } else { high = length - 1 }
        }
        return nil
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
