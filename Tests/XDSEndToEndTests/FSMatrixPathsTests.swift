// Tests/XDSEndToEndTests/FSMatrixPathsTests.swift - The filesystem reports carry no machine paths

import Testing

@testable import XDSCommands

struct FSMatrixPathsTests {
    @Test func theRunDirectoryIsWrittenAsItsPlaceholder() {
        let run = "/run/xds-fs-matrix/run.KBsyQg"
        let text = #"{"directory" : "\#(run)/mnt-ext4-4k-1", "message" : "cp: '\#(run)/mnt-ramfs-8/doc'"}"#
        let masked = String(decoding: FSMatrixCommand.maskingRunDirectory(Array(text.utf8), run), as: UTF8.self)
        #expect(!masked.contains(run))
        #expect(masked.contains("$XDS_FS_MATRIX_RUN/mnt-ext4-4k-1"))
        #expect(masked.contains("'$XDS_FS_MATRIX_RUN/mnt-ramfs-8/doc'"))
    }

    @Test func withoutARunDirectoryNothingChanges() {
        let bytes = Array("/run/xds-fs-matrix/run.x/a".utf8)
        #expect(FSMatrixCommand.maskingRunDirectory(bytes, nil) == bytes)
        #expect(FSMatrixCommand.maskingRunDirectory(bytes, "/") == bytes)
    }
}
