// Tests/AttributeFilesTests/MountGate.swift - Shared helpers: run a test body on its own mount

import FilesystemHarness
import Foundation
import Testing

/// Tests that mount are enabled when this process can mount, or when `XDS_REQUIRE_MOUNTS=1`
/// (then a missing privilege makes the mount itself fail, and so the test).
enum MountGate {
    static let enabled = Mounts.testsShouldRun
    static let reason: Comment = Comment(rawValue: Mounts.skipReason)
}

/// Writes `bytes` to a new file at `path`.
func makeFile(_ path: String, _ bytes: [UInt8] = Array("content\n".utf8)) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
}
