// Tests/TestSupport/MountGate.swift - Mount tests run as root, fail (not skip) under XDS_REQUIRE_MOUNTS=1

import FilesystemHarness
import Foundation
import Testing

/// Tests that mount are enabled when this process can mount, or when `XDS_REQUIRE_MOUNTS=1`
/// (then a missing privilege makes the mount itself fail, and so the test).
public enum MountGate {
    public static let enabled = Mounts.testsShouldRun
    public static let reason: Comment = Comment(rawValue: Mounts.skipReason)
}

/// Writes `bytes` to a new file at `path`.
public func makeFile(_ path: String, _ bytes: [UInt8] = Array("content\n".utf8)) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
}
