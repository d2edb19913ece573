// Tests/FilesystemHarnessTests/LimitFormulaTests.swift - The writer's formula, and the probe without root

import Foundation
import Testing

@testable import FilesystemHarness

@Suite struct LimitFormulaTests {
    func geometry(_ type: String, block: Int = 4096, node: Int? = nil) -> FilesystemGeometry {
        FilesystemGeometry(magic: "0x0", type: type, blockSize: block, nodeSize: node, freeBytes: 0, totalBytes: 0)
    }

    @Test func matchesTheResearchMeasurements() {
        let name = "user.x-document-source"
        #expect(LimitFormula.limit(for: geometry("ext4"), name: name) == 4024)
        #expect(LimitFormula.limit(for: geometry("ext4", block: 1024), name: name) == 952)
        #expect(LimitFormula.limit(for: geometry("ext4"), name: "user.x") == 4040)
        #expect(LimitFormula.limit(for: geometry("btrfs", node: 16384), name: name) == 16206)
        #expect(LimitFormula.limit(for: geometry("btrfs", node: 4096), name: name) == 3918)
        #expect(LimitFormula.limit(for: geometry("btrfs", node: 65536), name: name) == 65358)
        #expect(LimitFormula.limit(for: geometry("btrfs"), name: name) == nil)
        #expect(LimitFormula.limit(for: geometry("xfs"), name: name) == 65536)
        #expect(LimitFormula.limit(for: geometry("ext4", block: 65536), name: name) == 65464)
        #expect(LimitFormula.limit(for: geometry("btrfs", node: 131072), name: name) == 65536)
        #expect(LimitFormula.limit(for: geometry("ramfs"), name: name) == nil)
    }

    /// Runs without root on the folder the tests use for scratch files: whatever it is, the probe
    /// cleans up, and when the writer has a formula for it the kernel agrees.
    @Test func probeOfTheTemporaryDirectoryCleansUpAndAgrees() throws {
        let directory = NSTemporaryDirectory()
        let result = try AttributeProbe.probe(directory)
        #expect(result.cleanedUp)
        #expect(result.errnos.count == 9)
        if result.supportsUserAttributes {
            #expect(result.formulaDifferences.isEmpty, "\(result.formulaDifferences)")
            #expect(result.errnos.first { $0.id == "value-over-64k" }?.result == "E2BIG")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(left.allSatisfy { !$0.hasPrefix(".xds-fs-probe") })
    }

    @Test func probeOfAMissingDirectoryFailsWithItsName() {
        let failure = #expect(throws: ProbeFailure.self) { try AttributeProbe.probe("/nonexistent/xds-probe") }
        #expect(failure?.message.contains("/nonexistent/xds-probe") == true)
    }
}
