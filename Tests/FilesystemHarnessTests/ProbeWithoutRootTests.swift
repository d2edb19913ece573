// Tests/FilesystemHarnessTests/ProbeWithoutRootTests.swift - fs-probe where no mount is needed

import Foundation
import Testing

@testable import FilesystemHarness

@Suite struct ProbeWithoutRootTests {
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
