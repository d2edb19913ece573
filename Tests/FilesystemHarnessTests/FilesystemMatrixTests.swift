// Tests/FilesystemHarnessTests/FilesystemMatrixTests.swift - A small matrix run end to end, and its renderings

import Foundation
import TestSupport
import Testing

@testable import FilesystemHarness

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct FilesystemMatrixTests {
    @Test func tmpfsRamfsAndAFailedMkfsRenderEveryTable() throws {
        // An inode size mkfs.ext4 refuses: that filesystem is reported as failed, the others still run.
        let broken = MatrixFilesystem(
            label: "ext4-broken", kind: .ext4(inodeSize: 100), sizeMiB: 8, options: "mkfs.ext4 -I 100")
        let specs = MatrixFilesystem.all.filter { ["tmpfs", "ramfs"].contains($0.label) } + [broken]
        let options = MatrixOptions(
            xdsVersion: "test", command: "test", adapters: [("missing", ["/nonexistent/adapter"])],
            filesystems: specs)
        var mounts: [String] = []
        let report = try FilesystemMatrix.run(options, registered: { mounts.append($0.mountPoint) }, log: { _ in })
        #expect(mounts.count == 2)
        for mountPoint in mounts { #expect(!MatrixSafety.currentMountPoints().contains(mountPoint)) }
        #expect(report.filesystems.map(\.label) == ["tmpfs", "ramfs", "ext4-broken"])
        #expect(report.filesystems[2].probe == nil && report.filesystems[2].failure?.contains("mkfs.ext4") == true)
        #expect(report.filesystems[0].probe?.fileLimit == 65536)
        #expect(report.filesystems[1].probe?.supportsUserAttributes == false)
        #expect(report.unavailableImplementations.map(\.name) == ["missing"])
        // Only tmpfs carries attributes: 2 sizes × every operation; the fields pairs of 2 accessors.
        #expect(report.survival.count == 2 * SurvivalOperation.all.count)
        #expect(report.roundTrips.filter { $0.level == "fields" }.count == 4)
        #expect(report.roundTrips.allSatisfy { $0.preserved })
        let cpA = report.survival.filter { $0.operation == "cp-a" }
        #expect(cpA.count == 2 && cpA.allSatisfy { $0.kept })
        let zip = report.survival.filter { $0.operation == "zip-unzip" }
        #expect(zip.count == 2 && zip.allSatisfy { $0.silentLoss })
        let markdown = report.markdown
        for table in report.tables { #expect(markdown.contains("## \(table.title)")) }
        #expect(markdown.contains("| cp -a | ✓ | ✓ |"))
        #expect(report.html.contains("<td class=\"silent\">✗ silent</td>"))
        #expect(!report.html.contains("<script"))
    }
}
