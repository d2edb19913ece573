// Tests/FilesystemHarnessTests/MountGate.swift - Mount tests run as root, fail (not skip) under XDS_REQUIRE_MOUNTS=1

import FilesystemHarness
import Testing

/// Tests that mount run when this process can mount, or when `XDS_REQUIRE_MOUNTS=1` (then a missing
/// privilege makes the mount itself fail, and so the test).
enum MountGate {
    static let enabled = Mounts.testsShouldRun
    static let reason = Comment(rawValue: Mounts.skipReason)
}
